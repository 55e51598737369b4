import { FAKE_PRICES } from '@caravanserai/fake-stripe';
import { expectStatus } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { addCard, roleOf, subscribe, usePayments } from './payments-helper.js';

const t = usePayments({ users: ['amira', 'bilal', 'cyrus', 'dara', 'esme', 'farid'] });

const liveAt = (id: string) => t.stripe.subscriptions().filter((s) => s.id === id);

describe('buying a subscription', () => {
  it('needs a default card first: 400 "Add a payment method first."', async () => {
    const body = await expectStatus(subscribe(t.cyrus.client, 'merchant'), 400);
    expect(body).toEqual({ detail: 'Add a payment method first.', code: 'payment_method_required' });
  });

  it('takes the configured price: another price_id is refused (400)', async () => {
    await addCard(t.cyrus);
    const body = await expectStatus(
      t.cyrus.client.payments.subscribe({ price_id: 'price_cheaper', subscription_type: 'merchant' }),
      400,
    );
    expect(body).toHaveProperty('price_id');
    await expectStatus(
      t.cyrus.client.payments.subscribe({ price_id: '000', subscription_type: 'pilgrim' } as never),
      400,
    );
  });

  it('a Merchant purchase is charged, listed, and makes the user a Merchant', async () => {
    await addCard(t.amira);
    expect(await roleOf(t.amira)).toBe('Pilgrim');
    const bought = await t.amira.client.payments.subscribe({
      price_id: FAKE_PRICES.merchant.month,
      subscription_type: 'Merchant',
    });
    expect(bought).toMatchObject({
      type: 'Merchant',
      is_active: true,
      status: 'active',
      interval: 'month',
      cancel_at_period_end: false,
    });
    expect(bought.subscription_id).toMatch(/^sub_/);
    expect(Date.parse(bought.current_period_end ?? '')).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await roleOf(t.amira)).toBe('Merchant');
    expect(await t.amira.client.payments.subscriptions()).toEqual([bought]);
    expect(await t.amira.client.payments.subscription(bought.subscription_id)).toEqual(bought);
    // Another purchase of the same tier is refused.
    const again = await expectStatus(subscribe(t.amira.client, 'merchant', 'year'), 409);
    expect(again.code).toBe('already_subscribed');
  });

  it('Sultan over Merchant: both listed, the role is Sultan', async () => {
    await addCard(t.bilal);
    const merchant = await subscribe(t.bilal.client, 'merchant');
    const sultan = await subscribe(t.bilal.client, 'sultan', 'year');
    expect(sultan).toMatchObject({ type: 'Sultan', interval: 'year' });
    expect(await roleOf(t.bilal)).toBe('Sultan');
    const listed = await t.bilal.client.payments.subscriptions();
    expect(listed.map((s) => s.subscription_id).sort()).toEqual(
      [merchant, sultan].map((s) => s.subscription_id).sort(),
    );
  });

  it('a charge the bank refuses: 402 payment_failed with the reason, nothing bought', async () => {
    await addCard(t.dara, 'pm_card_chargeCustomerFail');
    const body = await expectStatus(subscribe(t.dara.client, 'sultan'), 402);
    expect(body).toEqual({
      detail: 'Payment failed.',
      code: 'payment_failed',
      reason: 'Your card was declined.',
    });
    expect(await t.dara.client.payments.subscriptions()).toEqual([]);
    expect(await roleOf(t.dara)).toBe('Pilgrim');
    // With another card the same purchase goes through.
    await t.dara.client.payments.setDefaultCard({ payment_key: await addCard(t.dara) });
    expect(await subscribe(t.dara.client, 'sultan')).toMatchObject({ type: 'Sultan', is_active: true });
    expect(await roleOf(t.dara)).toBe('Sultan');
  });
});

describe('retried purchases never charge twice', () => {
  it('the same request twice, one after the other or at once, makes one subscription', async () => {
    await addCard(t.esme);
    const first = await subscribe(t.esme.client, 'merchant');
    const again = await subscribe(t.esme.client, 'merchant');
    expect(again.subscription_id).toBe(first.subscription_id);
    const both = await Promise.all([subscribe(t.esme.client, 'sultan'), subscribe(t.esme.client, 'sultan')]);
    expect(both[1].subscription_id).toBe(both[0].subscription_id);
    const customer = (await t.esme.client.profiles.get(t.esme.username)).stripe_customer_id;
    expect(t.stripe.subscriptions().filter((s) => s.customer === customer)).toHaveLength(2);
  });

  it('with an Idempotency-Key: the same key answers the same subscription, another key is refused', async () => {
    await addCard(t.farid);
    const first = await subscribe(t.farid.client, 'merchant', 'month', 'buy-merchant-1');
    const retried = await subscribe(t.farid.client, 'merchant', 'month', 'buy-merchant-1');
    expect(retried).toEqual(first);
    expect(liveAt(first.subscription_id)).toHaveLength(1);
    const other = await expectStatus(subscribe(t.farid.client, 'merchant', 'month', 'buy-merchant-2'), 409);
    expect(other.code).toBe('already_subscribed');
    const reused = await expectStatus(subscribe(t.farid.client, 'sultan', 'month', 'buy-merchant-1'), 409);
    expect(reused.code).toBe('idempotency_key_reused');
  });

  it('buying again after the last subscription ended is a new purchase', async () => {
    const ended = (await t.farid.client.payments.subscriptions())[0]!;
    t.stripe.advance.end(ended.subscription_id);
    await t.stripe.webhooksSettled();
    expect(await roleOf(t.farid)).toBe('Pilgrim');
    const renewed = await subscribe(t.farid.client, 'merchant', 'month', 'buy-merchant-1');
    expect(renewed.subscription_id).not.toBe(ended.subscription_id);
    expect(await roleOf(t.farid)).toBe('Merchant');
  });
});

describe('one subscription', () => {
  it('is its owner’s: another user’s id is 404, an id that cannot exist is 404', async () => {
    const [own] = await t.amira.client.payments.subscriptions();
    await expectStatus(t.bilal.client.payments.subscription(own!.subscription_id), 404);
    await expectStatus(t.bilal.client.payments.cancel(own!.subscription_id), 404);
    await expectStatus(
      t.bilal.client.payments.changeTier({
        subscription_type: 'sultan',
        subscription_id: own!.subscription_id,
      }),
      404,
    );
    await expectStatus(t.amira.client.payments.subscription('sub_doesnotexist'), 404);
    await expectStatus(t.amira.client.payments.subscription('not-a-sub'), 404);
    await expectStatus(t.server.client().payments.subscription(own!.subscription_id), 401);
  });

  it('cancels at the period’s end: still active and still a Merchant until then', async () => {
    const [own] = await t.amira.client.payments.subscriptions();
    const cancelled = await t.amira.client.payments.cancel(own!.subscription_id);
    expect(cancelled).toMatchObject({ is_active: true, status: 'active', cancel_at_period_end: true });
    expect(cancelled.current_period_end).toBe(own!.current_period_end);
    expect(await t.amira.client.payments.cancel(own!.subscription_id)).toEqual(cancelled);
    expect(liveAt(own!.subscription_id)[0]?.cancel_at_period_end).toBe(true);
    expect(await roleOf(t.amira)).toBe('Merchant');
    // The period ends: Stripe ends it and says so.
    t.stripe.advance.renew(own!.subscription_id);
    await t.stripe.webhooksSettled();
    expect(await t.amira.client.payments.subscription(own!.subscription_id)).toMatchObject({
      is_active: false,
      status: 'canceled',
    });
    expect(await roleOf(t.amira)).toBe('Pilgrim');
  });

  it('moves to the other tier at the same interval, and back', async () => {
    await addCard(t.cyrus);
    const merchant = await subscribe(t.cyrus.client, 'merchant', 'year');
    const moved = await t.cyrus.client.payments.changeTier({
      subscription_type: 'sultan',
      subscription_id: merchant.subscription_id,
    });
    expect(moved).toEqual({
      customer_id: (await t.cyrus.client.profiles.get(t.cyrus.username)).stripe_customer_id,
      subscription_id: merchant.subscription_id,
      type: 'Sultan',
    });
    expect(liveAt(merchant.subscription_id)[0]?.items.data[0]?.price.id).toBe(FAKE_PRICES.sultan.year);
    expect(await t.cyrus.client.payments.subscription(merchant.subscription_id)).toMatchObject({
      type: 'Sultan',
      interval: 'year',
    });
    expect(await roleOf(t.cyrus)).toBe('Sultan');
    // Already that tier: answered as done, nothing sent to Stripe (once the webhooks are through).
    await t.stripe.webhooksSettled();
    const requests = t.stripe.requests.length;
    await t.cyrus.client.payments.changeTier({
      subscription_type: 'sultan',
      subscription_id: merchant.subscription_id,
    });
    expect(t.stripe.requests.length).toBe(requests);
    await t.cyrus.client.payments.changeTier({
      subscription_type: 'merchant',
      subscription_id: merchant.subscription_id,
    });
    expect(await roleOf(t.cyrus)).toBe('Merchant');
  });

  it('refuses moving to a tier the user already has elsewhere (409)', async () => {
    const listed = await t.bilal.client.payments.subscriptions();
    const merchant = listed.find((s) => s.type === 'Merchant')!;
    const body = await expectStatus(
      t.bilal.client.payments.changeTier({
        subscription_type: 'sultan',
        subscription_id: merchant.subscription_id,
      }),
      409,
    );
    expect(body.code).toBe('already_subscribed');
  });
});
