import { expectStatus } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { addCard, usePayments } from './payments-helper.js';

const WRONG_KEY = 'sk_test_thisKeyIsWrongAndSecret0123456789';

describe('Stripe refusing the server’s own key', () => {
  // The fake repeats a wrong key whole in its refusal, as a careless provider might.
  const t = usePayments({
    users: ['amira'],
    fake: { revealKeysInErrors: true },
    stripe: () => ({ secretKey: WRONG_KEY }),
  });

  it('answers 502 with Stripe’s reason, the key scrubbed from it', async () => {
    const body = await expectStatus(t.amira.client.payments.createCustomer(t.amira.username), 502);
    expect(body).toMatchObject({
      code: 'payment_provider_error',
      detail: 'The payment provider could not complete the request. Try again later.',
    });
    expect(body.reason).toMatch(/^Invalid API Key provided: \[key\]$/);
    expect(JSON.stringify(body)).not.toContain('KeyIsWrong');
  });
});

describe('Stripe failing', () => {
  const t = usePayments({ users: ['bilal'] });

  it('an outage that outlasts the retries is a 502; the call works once Stripe is back', async () => {
    // The SDK retries twice under the same idempotency key: three failures exhaust it.
    t.stripe.failNext(3);
    const body = await expectStatus(
      t.bilal.client.payments.addCard(t.bilal.username, { payment_method_id: 'pm_card_visa' }),
      502,
    );
    expect(body).toMatchObject({ code: 'payment_provider_error', reason: expect.stringContaining('outage') });
    await expect(addCard(t.bilal)).resolves.toMatch(/^pm_/);
  });

  it('a short outage is ridden out by the retries, and the purchase is made once', async () => {
    t.stripe.failNext(1);
    const bought = await t.bilal.client.payments.subscribe({
      price_id: '000',
      subscription_type: 'merchant',
    });
    expect(bought.is_active).toBe(true);
    expect(t.stripe.subscriptions()).toHaveLength(1);
  });
});
