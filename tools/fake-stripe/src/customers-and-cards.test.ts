import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { customerWithCard, failure, sdkFor, useFakeStripe } from './test-support';

const t = useFakeStripe();

describe('customers', () => {
  it('creates, retrieves and updates a customer', async () => {
    const created = await t.stripe.customers.create({ email: 'amira@example.com', metadata: { user: '7' } });
    expect(created).toMatchObject({
      object: 'customer',
      email: 'amira@example.com',
      metadata: { user: '7' },
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    const fetched = await t.stripe.customers.retrieve(created.id);
    expect(fetched).toEqual(created);
    const updated = await t.stripe.customers.update(created.id, { name: 'Amira', metadata: { user: '' } });
    expect(updated).toMatchObject({ name: 'Amira', metadata: {} });
  });

  it('answers 404 resource_missing for an unknown customer, as Stripe does', async () => {
    const error = await failure(t.stripe.customers.retrieve('cus_nobody'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    expect(error.message).toBe("No such customer: 'cus_nobody'");
  });

  it('refuses parameters the endpoint does not know', async () => {
    const error = await failure(
      t.stripe.customers.create({ emial: 'x@example.com' } as Stripe.CustomerCreateParams),
    );
    expect(error).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'emial' });
  });

  it('refuses a wrong API key with 401, showing only its last four characters', async () => {
    const wrong = sdkFor(t.fake, 'sk_test_wrongwrongwrong1234');
    const error = await failure(wrong.customers.create({}));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
  });
});

describe('payment methods', () => {
  it('attaching a test id gives a new card with the test card details', async () => {
    const customer = await t.stripe.customers.create({});
    const visa = await t.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const master = await t.stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    expect(visa.id).toMatch(/^pm_[A-Za-z0-9]{24}$/);
    expect(visa).toMatchObject({ object: 'payment_method', type: 'card', customer: customer.id });
    expect(visa.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12 });
    expect(visa.card?.exp_year).toBeGreaterThan(new Date().getUTCFullYear());
    expect(master.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const again = await t.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(again.id).not.toBe(visa.id);
  });

  it('lists a customer’s cards newest first in a list envelope, through both endpoints', async () => {
    const customer = await t.stripe.customers.create({});
    const first = await t.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const second = await t.stripe.paymentMethods.attach('pm_card_amex', { customer: customer.id });
    const other = await t.stripe.customers.create({});
    await t.stripe.paymentMethods.attach('pm_card_visa', { customer: other.id });

    const list = await t.stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(list).toMatchObject({ object: 'list', has_more: false, url: '/v1/payment_methods' });
    expect(list.data.map((m) => m.id)).toEqual([second.id, first.id]);
    const nested = await t.stripe.customers.listPaymentMethods(customer.id, { type: 'card', limit: 1 });
    expect(nested.data.map((m) => m.id)).toEqual([second.id]);
    expect(nested.has_more).toBe(true);
    const one = await t.stripe.customers.retrievePaymentMethod(customer.id, first.id);
    expect(one.id).toBe(first.id);
  });

  it('sets the default card, expands it, and clears it when the card is detached', async () => {
    const { customer, method } = await customerWithCard(t.stripe);
    const expanded = await t.stripe.customers.retrieve(customer.id, {
      expand: ['invoice_settings.default_payment_method'],
    });
    if (expanded.deleted) throw new Error('deleted');
    const card = expanded.invoice_settings.default_payment_method as Stripe.PaymentMethod;
    expect(card.card?.last4).toBe('4242');
    const detached = await t.stripe.paymentMethods.detach(method.id);
    expect(detached.customer).toBeNull();
    const after = await t.stripe.customers.retrieve(customer.id);
    if (after.deleted) throw new Error('deleted');
    expect(after.invoice_settings.default_payment_method).toBeNull();
    const reuse = await failure(t.stripe.paymentMethods.attach(method.id, { customer: customer.id }));
    expect(reuse.statusCode).toBe(400);
  });

  it('refuses as default a card the customer does not have', async () => {
    const a = await customerWithCard(t.stripe);
    const b = await t.stripe.customers.create({});
    const error = await failure(
      t.stripe.customers.update(b.id, { invoice_settings: { default_payment_method: a.method.id } }),
    );
    expect(error).toMatchObject({ statusCode: 400, param: 'invoice_settings[default_payment_method]' });
  });

  it('declines the declined test cards when attached: 402 card_error card_declined', async () => {
    const customer = await t.stripe.customers.create({});
    for (const id of ['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined']) {
      const error = await failure(t.stripe.paymentMethods.attach(id, { customer: customer.id }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({
        statusCode: 402,
        type: 'StripeCardError',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
    }
    const insufficient = await failure(
      t.stripe.paymentMethods.attach('pm_card_chargeDeclinedInsufficientFunds', { customer: customer.id }),
    );
    expect(insufficient.decline_code).toBe('insufficient_funds');
    expect(t.fake.paymentMethods()).toEqual([]);
  });

  it('answers 404 for an unknown payment method and 400 for one already someone else’s', async () => {
    const customer = await t.stripe.customers.create({});
    const missing = await failure(t.stripe.paymentMethods.attach('pm_nothing', { customer: customer.id }));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const { method } = await customerWithCard(t.stripe);
    const taken = await failure(t.stripe.paymentMethods.attach(method.id, { customer: customer.id }));
    expect(taken).toMatchObject({ statusCode: 400, code: 'payment_method_unexpected_state' });
  });
});
