import { pathOf, routes } from '@caravanserai/api';
import { expectStatus } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { addCard, usePayments } from './payments-helper.js';

const t = usePayments({ users: ['amira', 'bilal', 'cyrus', 'dara', 'esme'] });

describe('POST /payments/customer/create/', () => {
  it('makes the user’s Stripe customer once, keeps it on the user, and answers the same one again', async () => {
    const { client, username } = t.amira;
    const first = await client.payments.createCustomer(username);
    expect(first.customer_id).toMatch(/^cus_/);
    expect(await client.payments.createCustomer(username)).toEqual(first);
    expect(t.stripe.customers().filter((c) => c.name === username)).toHaveLength(1);
    expect((await client.profiles.get(username)).stripe_customer_id).toBe(first.customer_id);
    // Only its owner sees it.
    expect((await t.bilal.client.profiles.get(username)).stripe_customer_id).toBeUndefined();
  });

  it('refuses another user’s username (403), a blank one (400) and anonymous callers (401)', async () => {
    await expectStatus(t.amira.client.payments.createCustomer(t.bilal.username), 403);
    const blank = await expectStatus(t.amira.client.payments.createCustomer(''), 400);
    expect(blank).toHaveProperty('username');
    await expectStatus(t.server.client().payments.createCustomer(t.amira.username), 401);
  });
});

describe('cards', () => {
  it('lists nothing before the first card', async () => {
    expect(await t.cyrus.client.payments.cards()).toEqual([]);
  });

  it('saves a test card under the new id Stripe gives it; the first becomes the default', async () => {
    const { client, username } = t.bilal;
    const visa = await client.payments.addCard(username, { payment_method_id: 'pm_card_visa' });
    expect(visa).toMatchObject({
      status: true,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      default_payment_method: true,
    });
    expect(visa.payment_key).toMatch(/^pm_/);
    expect(visa.payment_key).not.toBe('pm_card_visa');
    const master = await client.payments.addCard(username, { payment_method_id: 'pm_card_mastercard' });
    expect(master).toMatchObject({ brand: 'mastercard', last4: '4444', default_payment_method: false });

    const cards = await client.payments.cards();
    expect(cards.map((c) => [c.payment_key, c.default_payment_method])).toEqual([
      [master.payment_key, false],
      [visa.payment_key, true],
    ]);
    // The customer was made on the way.
    expect((await client.profiles.get(username)).stripe_customer_id).toMatch(/^cus_/);
  });

  it('makes another card the default, and only that one', async () => {
    const { client } = t.dara;
    const first = await addCard(t.dara);
    const second = await addCard(t.dara, 'pm_card_amex');
    const list = await client.payments.setDefaultCard({ payment_key: second });
    expect(list.filter((c) => c.default_payment_method).map((c) => c.payment_key)).toEqual([second]);
    const back = await client.payments.setDefaultCard({ payment_key: first });
    expect(back.filter((c) => c.default_payment_method).map((c) => c.payment_key)).toEqual([first]);
  });

  it('removes a card; removing the default makes the newest remaining card the default', async () => {
    const { client, username } = t.esme;
    const older = await addCard(t.esme, 'pm_card_discover');
    const newer = await addCard(t.esme, 'pm_card_mastercard');
    const third = await addCard(t.esme, 'pm_card_amex');
    const left = await client.payments.removeCard(username, older);
    expect(left.map((c) => c.payment_key)).toEqual([third, newer]);
    expect(left.find((c) => c.default_payment_method)?.payment_key).toBe(third);
    await client.payments.removeCard(username, third);
    expect(await client.payments.cards()).toMatchObject([
      { payment_key: newer, default_payment_method: true },
    ]);
  });

  it('a declined card: 402 "Failed to register payment method." with Stripe’s reason, nothing saved', async () => {
    for (const card of ['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined']) {
      const body = await expectStatus(
        t.cyrus.client.payments.addCard(t.cyrus.username, { payment_method_id: card }),
        402,
      );
      expect(body).toEqual({
        detail: 'Failed to register payment method.',
        code: 'card_refused',
        reason: 'Your card was declined.',
      });
    }
    const unknown = await expectStatus(
      t.cyrus.client.payments.addCard(t.cyrus.username, { payment_method_id: 'pm_doesnotexist' }),
      402,
    );
    expect(unknown.reason).toBe("No such PaymentMethod: 'pm_doesnotexist'");
    expect(await t.cyrus.client.payments.cards()).toEqual([]);
  });

  it('refuses what is not a payment method id (400) and a customer id not the user’s (404)', async () => {
    const bad = await expectStatus(
      t.amira.client.payments.addCard(t.amira.username, { payment_method_id: 'card 4242' }),
      400,
    );
    expect(bad).toHaveProperty('payment_method_id');
    const { customer_id } = await t.bilal.client.payments.createCustomer(t.bilal.username);
    await expectStatus(
      t.amira.client.payments.addCard(t.amira.username, { payment_method_id: 'pm_card_visa', customer_id }),
      404,
    );
  });

  it('keeps other users out: their username 403, their card 404, anonymous 401', async () => {
    const bilals = await addCard(t.bilal, 'pm_card_visa_debit');
    await expectStatus(
      t.amira.client.payments.addCard(t.bilal.username, { payment_method_id: 'pm_card_visa' }),
      403,
    );
    await expectStatus(t.amira.client.payments.removeCard(t.bilal.username, bilals), 403);
    await expectStatus(t.amira.client.payments.removeCard(t.amira.username, bilals), 404);
    await expectStatus(t.amira.client.payments.setDefaultCard({ payment_key: bilals }), 404);
    await expectStatus(t.server.client().payments.cards(), 401);
    expect((await t.bilal.client.payments.cards()).map((c) => c.payment_key)).toContain(bilals);
  });
});

describe('retried card requests', () => {
  it('the same request twice saves one card', async () => {
    const before = t.stripe.paymentMethods().length;
    const body = { payment_method_id: 'pm_card_discover' };
    const first = await t.amira.client.payments.addCard(t.amira.username, body);
    const again = await t.amira.client.payments.addCard(t.amira.username, body);
    expect(again.payment_key).toBe(first.payment_key);
    expect(t.stripe.paymentMethods()).toHaveLength(before + 1);
  });

  it('an Idempotency-Key sent again with another card is refused (409), the header checked (400)', async () => {
    const key = { idempotencyKey: 'add-card-1' };
    await t.amira.client.payments.addCard(t.amira.username, { payment_method_id: 'pm_card_visa' }, key);
    const reused = await expectStatus(
      t.amira.client.payments.addCard(t.amira.username, { payment_method_id: 'pm_card_amex' }, key),
      409,
    );
    expect(reused.code).toBe('idempotency_key_reused');
    const res = await t.server.http(pathOf(routes.payments.addCard, { username: t.amira.username }), {
      method: 'POST',
      token: t.amira.token,
      headers: { 'Idempotency-Key': 'no spaces allowed' },
      body: JSON.stringify({ payment_method_id: 'pm_card_visa' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('Idempotency-Key');
  });
});
