import { pathOf, routes } from '@caravanserai/api';
import { useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

/** Every payments call, as a client of the spec would send it. */
const CALLS: [method: string, path: string, body?: unknown][] = [
  ['POST', pathOf(routes.payments.createCustomer), { username: 'x' }],
  ['GET', pathOf(routes.payments.cards)],
  ['POST', pathOf(routes.payments.addCard, { username: 'x' }), { payment_method_id: 'pm_card_visa' }],
  ['POST', pathOf(routes.payments.setDefaultCard), { payment_key: 'pm_1' }],
  ['DELETE', pathOf(routes.payments.removeCard, { username: 'x', payment_key: 'pm_1' })],
  ['GET', pathOf(routes.payments.subscriptions)],
  ['POST', pathOf(routes.payments.subscribe), { price_id: '000', subscription_type: 'merchant' }],
  ['GET', pathOf(routes.payments.subscription, { subscription_id: 'sub_1' })],
  ['POST', pathOf(routes.payments.changeTier), { subscription_type: 'sultan', subscription_id: 'sub_1' }],
  ['POST', pathOf(routes.payments.cancel, { subscription_id: 'sub_1' })],
  ['POST', pathOf(routes.paymentWebhooks.receive), { id: 'evt_1', type: 'invoice.paid' }],
];

describe('payments off (the default)', () => {
  // A publishable key alone does not switch payments on.
  const t = useServer({ users: ['amira'], overrides: { stripePublishableKey: 'pk_test_fake' } });

  it('answers 404 to every /payments/ call, signed in or not, with or without the trailing slash', async () => {
    for (const [method, path, body] of CALLS) {
      for (const token of [t.amira.token, undefined]) {
        for (const at of [path, path.replace(/\/$/, '')]) {
          const res = await t.server.http(at, {
            method,
            ...(token && { token }),
            ...(body !== undefined && { body: JSON.stringify(body) }),
          });
          expect(res.status, `${method} ${at}`).toBe(404);
          expect(await res.json()).toMatchObject({ detail: 'Not found.' });
        }
      }
    }
  });

  it('the client says so too, and the profile stays Pilgrim without a customer id', async () => {
    await expect(t.amira.client.payments.cards()).rejects.toMatchObject({ status: 404 });
    expect(await t.server.client().config.get()).toMatchObject({
      payments_enabled: false,
      stripe_publishable_key: null,
    });
    expect(await t.amira.client.profiles.get(t.amira.username)).toMatchObject({
      role: 'Pilgrim',
      stripe_customer_id: null,
    });
  });
});
