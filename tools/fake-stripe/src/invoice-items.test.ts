import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { failure, useFakeStripe } from './test-support';

const t = useFakeStripe();

describe('invoice items', () => {
  it('creates a pending item for an amount, in Stripe’s invoiceitem shape', async () => {
    const customer = await t.stripe.customers.create({});
    const item = await t.stripe.invoiceItems.create({
      customer: customer.id,
      amount: 1234,
      currency: 'usd',
      description: 'Well rental, 2025-01',
      metadata: { rental_id: 'r1', month: '2025-01' },
    });
    expect(item.id).toMatch(/^ii_[A-Za-z0-9]{24}$/);
    expect(item).toMatchObject({
      object: 'invoiceitem',
      amount: 1234,
      currency: 'usd',
      customer: customer.id,
      description: 'Well rental, 2025-01',
      discountable: true,
      invoice: null,
      livemode: false,
      metadata: { rental_id: 'r1', month: '2025-01' },
      parent: null,
      proration: false,
      quantity: 1,
      pricing: { type: 'price_details' },
    });
    expect(item.period.start).toBe(item.date);
    expect(item.pricing?.price_details?.price).toMatch(/^price_/);
    expect(t.fake.invoiceItems().map((i) => [i.id, i.amount])).toEqual([[item.id, 1234]]);
  });

  it('refuses an unknown customer with 400 resource_missing, and keeps nothing', async () => {
    const error = await failure(
      t.stripe.invoiceItems.create({ customer: 'cus_nobody', amount: 100, currency: 'usd' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    expect(error.message).toBe("No such customer: 'cus_nobody'");
    expect(t.fake.invoiceItems()).toEqual([]);
  });

  it('refuses a missing amount or currency and parameters it does not know', async () => {
    const customer = await t.stripe.customers.create({});
    const noAmount = await failure(t.stripe.invoiceItems.create({ customer: customer.id, currency: 'usd' }));
    expect(noAmount).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount' });
    const noCurrency = await failure(t.stripe.invoiceItems.create({ customer: customer.id, amount: 5 }));
    expect(noCurrency).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'currency' });
    const unknown = await failure(
      t.stripe.invoiceItems.create({
        customer: customer.id,
        amount: 5,
        currency: 'usd',
        colour: 'red',
      } as Stripe.InvoiceItemCreateParams),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour' });
  });

  it('makes one item of a request repeated under its Idempotency-Key', async () => {
    const customer = await t.stripe.customers.create({});
    const params = { customer: customer.id, amount: 700, currency: 'usd', metadata: { month: '2025-02' } };
    const first = await t.stripe.invoiceItems.create(params, { idempotencyKey: 'bill-1' });
    const again = await t.stripe.invoiceItems.create(params, { idempotencyKey: 'bill-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(t.fake.invoiceItems()).toHaveLength(1);
    const reused = await failure(
      t.stripe.invoiceItems.create({ ...params, amount: 701 }, { idempotencyKey: 'bill-1' }),
    );
    expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('lists a customer’s items newest first, by creation time and page', async () => {
    const a = await t.stripe.customers.create({});
    const b = await t.stripe.customers.create({});
    const first = await t.stripe.invoiceItems.create({ customer: a.id, amount: 1, currency: 'usd' });
    const second = await t.stripe.invoiceItems.create({ customer: a.id, amount: 2, currency: 'usd' });
    await t.stripe.invoiceItems.create({ customer: b.id, amount: 3, currency: 'usd' });

    const list = await t.stripe.invoiceItems.list({ customer: a.id });
    expect(list).toMatchObject({ object: 'list', has_more: false, url: '/v1/invoiceitems' });
    expect(list.data.map((i) => i.id)).toEqual([second.id, first.id]);
    const one = await t.stripe.invoiceItems.list({ customer: a.id, limit: 1 });
    expect(one.data.map((i) => i.id)).toEqual([second.id]);
    expect(one.has_more).toBe(true);
    expect((await t.stripe.invoiceItems.list({ customer: a.id, pending: true })).data).toHaveLength(2);
    expect((await t.stripe.invoiceItems.list({ customer: a.id, pending: false })).data).toEqual([]);
    const later = await t.stripe.invoiceItems.list({ customer: a.id, created: { gt: first.date } });
    expect(later.data).toEqual([]);
    const since = await t.stripe.invoiceItems.list({ customer: a.id, created: { gte: first.date } });
    expect(since.data).toHaveLength(2);
    expect((await t.stripe.invoiceItems.retrieve(first.id)).amount).toBe(1);

    const unknown = await failure(t.stripe.invoiceItems.list({ customer: 'cus_nobody' }));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });
});
