import { pathOf, routes } from '@caravanserai/api';
import { FAKE_PRICES, type FakeStripe } from '@caravanserai/fake-stripe';
import { expectStatus, type SignedIn } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { addCard, roleOf, subscribe, usePayments } from './payments-helper.js';

/** The subscriptions the server asked Stripe to create, replays of an idempotent request left out. */
const creations = (stripe: FakeStripe) =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions' && !r.replayed).length;

const customerOf = async (user: SignedIn) =>
  (await user.client.profiles.get(user.username)).stripe_customer_id ?? '';

const alreadyMerchant = {
  detail: 'You already have an active Merchant subscription.',
  code: 'already_subscribed',
};
const alreadySultan = {
  detail: 'You already have an active Sultan subscription.',
  code: 'already_subscribed',
};

describe('a second purchase of a tier the user already has', () => {
  const t = usePayments({ users: ['amira', 'bilal', 'cyrus'] });

  it('is refused (409) with nothing created at Stripe; the other tier can still be bought', async () => {
    await addCard(t.amira);
    await subscribe(t.amira.client, 'merchant');
    const before = creations(t.stripe);
    // Another interval and a key of its own: a new request, not a retry of the first.
    expect(await expectStatus(subscribe(t.amira.client, 'merchant', 'year', 'second-merchant'), 409)).toEqual(
      alreadyMerchant,
    );
    expect(await expectStatus(subscribe(t.amira.client, 'merchant', 'month', 'third-merchant'), 409)).toEqual(
      alreadyMerchant,
    );
    expect(creations(t.stripe)).toBe(before);

    const sultan = await subscribe(t.amira.client, 'sultan', 'year');
    expect(sultan).toMatchObject({ type: 'Sultan', is_active: true });
    expect(creations(t.stripe)).toBe(before + 1);
    expect(await expectStatus(subscribe(t.amira.client, 'sultan', 'month', 'second-sultan'), 409)).toEqual(
      alreadySultan,
    );
    expect(creations(t.stripe)).toBe(before + 1);
    expect(await roleOf(t.amira)).toBe('Sultan');
    const customer = await customerOf(t.amira);
    expect(t.stripe.subscriptions().filter((s) => s.customer === customer)).toHaveLength(2);
  });

  it('two purchases of one tier at once make one subscription: the other is refused (409)', async () => {
    await addCard(t.bilal);
    const answers = await Promise.allSettled([
      subscribe(t.bilal.client, 'sultan', 'month', 'at-once-1'),
      subscribe(t.bilal.client, 'sultan', 'year', 'at-once-2'),
    ]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const refused = answers.find((a) => a.status === 'rejected');
    expect(await expectStatus(Promise.reject(refused?.reason), 409)).toEqual(alreadySultan);
    const customer = await customerOf(t.bilal);
    expect(t.stripe.subscriptions().filter((s) => s.customer === customer)).toHaveLength(1);
    // Meanwhile the other tier is still for sale.
    expect(await subscribe(t.bilal.client, 'merchant')).toMatchObject({ type: 'Merchant', is_active: true });
  });

  it('an active subscription the mirror has not heard of yet refuses it too', async () => {
    await addCard(t.cyrus);
    const customer = await customerOf(t.cyrus);
    // Bought through another server process whose answer, and whose webhook, are still on their way.
    t.stripe.setWebhookUrl(null);
    try {
      const made = await fetch(`${t.stripe.url}/v1/subscriptions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${t.stripe.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          customer,
          'items[0][price]': FAKE_PRICES.merchant.month,
          'metadata[caravanserai_tier]': 'Merchant',
        }),
      });
      expect(made.status).toBe(200);
      const before = creations(t.stripe);
      expect(await expectStatus(subscribe(t.cyrus.client, 'merchant', 'year'), 409)).toEqual(alreadyMerchant);
      expect(creations(t.stripe)).toBe(before);
      expect(await roleOf(t.cyrus)).toBe('Merchant');
    } finally {
      t.stripe.setWebhookUrl(`${t.server.baseUrl}${pathOf(routes.paymentWebhooks.receive)}`);
    }
  });
});
