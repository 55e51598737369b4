import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { customerWithCard, failure, useFakeStripe } from './test-support';

const t = useFakeStripe();

/** Invoice now whatever the customer has pending, charged to their default card. */
const invoiceNow = (customer: string, key?: string) =>
  t.stripe.invoices.create(
    {
      customer,
      pending_invoice_items_behavior: 'include',
      collection_method: 'charge_automatically',
      auto_advance: true,
      metadata: { purpose: 'rental' },
    },
    key ? { idempotencyKey: key } : {},
  );

const pendingItem = (customer: string, amount: number, currency = 'usd') =>
  t.stripe.invoiceItems.create({ customer, amount, currency });

describe('an invoice of pending items', () => {
  it('takes in the customer’s pending items, totals them, and is paid at once with the default card', async () => {
    const { customer, method } = await customerWithCard(t.stripe);
    const other = await t.stripe.customers.create({});
    const first = await pendingItem(customer.id, 1_250);
    const second = await pendingItem(customer.id, 300);
    const euros = await pendingItem(customer.id, 99, 'eur');
    const elsewhere = await pendingItem(other.id, 5_000);

    const invoice = await invoiceNow(customer.id);
    expect(invoice.id).toMatch(/^in_[A-Za-z0-9]{24}$/);
    expect(invoice).toMatchObject({
      object: 'invoice',
      customer: customer.id,
      currency: 'usd',
      billing_reason: 'manual',
      collection_method: 'charge_automatically',
      status: 'paid',
      amount_due: 1_550,
      amount_paid: 1_550,
      amount_remaining: 0,
      total: 1_550,
      attempted: true,
      default_payment_method: method.id,
      metadata: { purpose: 'rental' },
      parent: null,
    });
    expect(invoice.status_transitions.paid_at).toEqual(expect.any(Number));

    const onIt = await t.stripe.invoiceItems.list({ customer: customer.id, invoice: invoice.id });
    expect(onIt.data.map((i) => i.id)).toEqual([second.id, first.id]);
    expect((await t.stripe.invoiceItems.retrieve(first.id)).invoice).toBe(invoice.id);
    // Another currency's item, and another customer's, wait for an invoice of their own.
    expect((await t.stripe.invoiceItems.retrieve(euros.id)).invoice).toBeNull();
    expect((await t.stripe.invoiceItems.retrieve(elsewhere.id)).invoice).toBeNull();
    const pending = await t.stripe.invoiceItems.list({ customer: customer.id, pending: true });
    expect(pending.data.map((i) => i.id)).toEqual([euros.id]);

    expect(await t.stripe.invoices.retrieve(invoice.id)).toMatchObject({ id: invoice.id, status: 'paid' });
    expect(t.fake.invoices().map((i) => i.id)).toEqual([invoice.id]);
    expect(t.fake.events.map((e) => [e.type, e.data.object.id])).toEqual([['invoice.paid', invoice.id]]);
  });

  it('takes nothing already on an invoice: a second one now is an invoice of nothing', async () => {
    const { customer } = await customerWithCard(t.stripe);
    await pendingItem(customer.id, 400);
    const first = await invoiceNow(customer.id);
    const second = await invoiceNow(customer.id);
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ amount_due: 0, status: 'paid' });
    expect((await t.stripe.invoiceItems.list({ invoice: second.id })).data).toEqual([]);
  });

  it('is left open when the customer has no card, or their card refuses the charge', async () => {
    const bare = await t.stripe.customers.create({});
    await pendingItem(bare.id, 700);
    const unpaid = await invoiceNow(bare.id);
    expect(unpaid).toMatchObject({ status: 'open', amount_due: 700, amount_paid: 0, attempted: true });

    const { customer } = await customerWithCard(t.stripe, 'pm_card_chargeCustomerFail');
    await pendingItem(customer.id, 800);
    const refused = await invoiceNow(customer.id);
    expect(refused).toMatchObject({ status: 'open', amount_remaining: 800, auto_advance: true });
    expect(t.fake.events.map((e) => [e.type, e.data.object.id])).toEqual([
      ['invoice.payment_failed', unpaid.id],
      ['invoice.payment_failed', refused.id],
    ]);
  });

  it('leaves pending items alone unless told to include them, and stays a draft without auto-advance', async () => {
    const { customer } = await customerWithCard(t.stripe);
    const item = await pendingItem(customer.id, 100);
    const draft = await t.stripe.invoices.create({ customer: customer.id });
    expect(draft).toMatchObject({ status: 'draft', amount_due: 0, number: null, attempted: false });
    expect((await t.stripe.invoiceItems.retrieve(item.id)).invoice).toBeNull();
    const sent = await t.stripe.invoices.create({
      customer: customer.id,
      pending_invoice_items_behavior: 'include',
      collection_method: 'send_invoice',
      days_until_due: 30,
      auto_advance: true,
    });
    expect(sent).toMatchObject({ status: 'open', amount_due: 100, attempted: false });
    expect(sent.due_date).toBe(sent.created + 30 * 24 * 60 * 60);
    expect(t.fake.events).toEqual([]);
  });

  it('makes one invoice of a request repeated under its Idempotency-Key', async () => {
    const { customer } = await customerWithCard(t.stripe);
    await pendingItem(customer.id, 250);
    const first = await invoiceNow(customer.id, 'invoice-1');
    const again = await invoiceNow(customer.id, 'invoice-1');
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(t.fake.invoices()).toHaveLength(1);
    const reused = await failure(
      t.stripe.invoices.create({ customer: customer.id }, { idempotencyKey: 'invoice-1' }),
    );
    expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('refuses what Stripe refuses, and keeps nothing', async () => {
    const customer = await t.stripe.customers.create({});
    const item = await pendingItem(customer.id, 5);
    const cases: [Stripe.InvoiceCreateParams, object][] = [
      [{ customer: 'cus_nobody' }, { statusCode: 400, code: 'resource_missing', param: 'customer' }],
      [
        { customer: customer.id, pending_invoice_items_behavior: 'sometimes' } as never,
        { statusCode: 400, param: 'pending_invoice_items_behavior' },
      ],
      [
        { customer: customer.id, collection_method: 'send_invoice' },
        { statusCode: 400, code: 'parameter_missing', param: 'days_until_due' },
      ],
      [
        { customer: customer.id, days_until_due: 3 },
        { statusCode: 400, param: 'days_until_due' },
      ],
      [
        { customer: customer.id, colour: 'red' } as Stripe.InvoiceCreateParams,
        { statusCode: 400, code: 'parameter_unknown', param: 'colour' },
      ],
    ];
    for (const [params, expected] of cases)
      expect(await failure(t.stripe.invoices.create(params))).toMatchObject(expected);
    expect(t.fake.invoices()).toEqual([]);
    expect((await t.stripe.invoiceItems.retrieve(item.id)).invoice).toBeNull();

    const missing = await failure(t.stripe.invoices.retrieve('in_nothing'));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(missing.message).toBe("No such invoice: 'in_nothing'");
  });

  it('lists a customer’s invoices, newest first', async () => {
    const { customer } = await customerWithCard(t.stripe);
    const other = await t.stripe.customers.create({});
    const first = await invoiceNow(customer.id);
    const second = await invoiceNow(customer.id);
    await invoiceNow(other.id);
    const list = await t.stripe.invoices.list({ customer: customer.id });
    expect(list.data.map((i) => i.id)).toEqual([second.id, first.id]);
  });
});

describe('an outage of one endpoint', () => {
  it('refuses that endpoint’s next requests and lets the others through', async () => {
    const customer = await t.stripe.customers.create({});
    t.fake.failNext(1, undefined, { method: 'POST', path: '/v1/invoices' });
    const item = await pendingItem(customer.id, 10);
    await t.stripe.invoiceItems.retrieve(item.id);
    const error = await failure(invoiceNow(customer.id));
    expect(error).toMatchObject({ statusCode: 500 });
    expect(t.fake.invoices()).toEqual([]);
    await expect(invoiceNow(customer.id)).resolves.toMatchObject({ amount_due: 10 });
  });
});
