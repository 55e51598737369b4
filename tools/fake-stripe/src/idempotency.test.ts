import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { FAKE_PRICES } from './prices';
import { customerWithCard, failure, useFakeStripe } from './test-support';

const t = useFakeStripe();

describe('Idempotency-Key', () => {
  it('the same key and parameters get the first response again, and nothing is done twice', async () => {
    const { customer } = await customerWithCard(t.stripe);
    const params = { customer: customer.id, items: [{ price: FAKE_PRICES.merchant.month }] };
    const first = await t.stripe.subscriptions.create(params, { idempotencyKey: 'buy-1' });
    const second = await t.stripe.subscriptions.create(params, { idempotencyKey: 'buy-1' });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(t.fake.subscriptions()).toHaveLength(1);
    expect(t.fake.events.filter((e) => e.type === 'customer.subscription.created')).toHaveLength(1);
  });

  it('attaching a test card twice under one key gives one card', async () => {
    const customer = await t.stripe.customers.create({});
    const a = await t.stripe.paymentMethods.attach(
      'pm_card_visa',
      { customer: customer.id },
      { idempotencyKey: 'k' },
    );
    const b = await t.stripe.paymentMethods.attach(
      'pm_card_visa',
      { customer: customer.id },
      { idempotencyKey: 'k' },
    );
    expect(b.id).toBe(a.id);
    expect(t.fake.paymentMethods()).toHaveLength(1);
  });

  it('refuses the key reused with other parameters: 400 idempotency_error', async () => {
    await t.stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'cust' });
    const error = await failure(
      t.stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'cust' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain("other than 'cust'");
  });

  it('replays a declined charge too, but not a request refused before it did anything', async () => {
    const customer = await t.stripe.customers.create({});
    const declined = () =>
      failure(
        t.stripe.paymentMethods.attach(
          'pm_card_chargeDeclined',
          { customer: customer.id },
          { idempotencyKey: 'd' },
        ),
      );
    expect((await declined()).statusCode).toBe(402);
    expect((await declined()).statusCode).toBe(402);
    expect(t.fake.requests.at(-1)?.replayed).toBe(true);

    const invalid = await failure(t.stripe.customers.create({ email: 'nope' }, { idempotencyKey: 'e' }));
    expect(invalid.statusCode).toBe(400);
    await expect(
      t.stripe.customers.create({ email: 'nope@example.com' }, { idempotencyKey: 'e' }),
    ).resolves.toMatchObject({
      email: 'nope@example.com',
    });
  });

  it('the SDK keys every POST itself, so retries without a key of ours are distinct requests', async () => {
    await t.stripe.customers.create({});
    await t.stripe.customers.create({});
    const keys = t.fake.requests.map((r) => r.idempotencyKey);
    expect(keys[0]).toMatch(/^stripe-node-retry-/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(t.fake.customers()).toHaveLength(2);
  });
});
