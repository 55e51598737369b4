import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { FAKE_PRICES } from './prices';
import { customerWithCard, failure, useFakeStripe } from './test-support';

const t = useFakeStripe();
const DAY = 24 * 60 * 60;

async function subscribe(card = 'pm_card_visa', price: string = FAKE_PRICES.merchant.month) {
  const { customer } = await customerWithCard(t.stripe, card);
  const subscription = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price }] });
  return { customer, subscription };
}

describe('creating a subscription', () => {
  it('charges the default card and starts a period of the price’s interval', async () => {
    const { customer, subscription } = await subscribe();
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
    });
    const item = subscription.items.data[0]!;
    expect(item.price).toMatchObject({ id: FAKE_PRICES.merchant.month, unit_amount: 12000 });
    expect(item.price.recurring?.interval).toBe('month');
    const days = (item.current_period_end - item.current_period_start) / DAY;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(subscription.latest_invoice).toMatch(/^in_/);
  });

  it('expands the latest invoice, paid for the period', async () => {
    const { customer } = await customerWithCard(t.stripe);
    const subscription = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: FAKE_PRICES.sultan.year }],
      expand: ['latest_invoice'],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ object: 'invoice', status: 'paid', amount_paid: 10_000_000 });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
  });

  it('refuses a customer without a card, and an unknown price', async () => {
    const customer = await t.stripe.customers.create({});
    const noCard = await failure(
      t.stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: FAKE_PRICES.merchant.month }],
      }),
    );
    expect(noCard.statusCode).toBe(400);
    expect(noCard.message).toMatch(/no attached payment source or default payment method/);
    const { customer: withCard } = await customerWithCard(t.stripe);
    const unknown = await failure(
      t.stripe.subscriptions.create({ customer: withCard.id, items: [{ price: 'price_nothing' }] }),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][price]' });
    expect(t.fake.subscriptions()).toEqual([]);
  });

  it('with a card that attaches but is refused: 402 and nothing kept under error_if_incomplete', async () => {
    const { customer } = await customerWithCard(t.stripe, 'pm_card_chargeCustomerFail');
    const error = await failure(
      t.stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: FAKE_PRICES.merchant.month }],
        payment_behavior: 'error_if_incomplete',
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined' });
    expect(t.fake.subscriptions()).toEqual([]);

    const incomplete = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: FAKE_PRICES.merchant.month }],
    });
    expect(incomplete.status).toBe('incomplete');
    expect(t.fake.events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.payment_failed',
    ]);
  });
});

describe('listing, changing and cancelling', () => {
  it('lists a customer’s subscriptions, leaving out canceled ones unless asked for all', async () => {
    const { customer, subscription } = await subscribe();
    const second = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: FAKE_PRICES.sultan.month }],
    });
    await t.stripe.subscriptions.cancel(subscription.id);
    const live = await t.stripe.subscriptions.list({ customer: customer.id });
    expect(live).toMatchObject({ object: 'list', url: '/v1/subscriptions', has_more: false });
    expect(live.data.map((s) => s.id)).toEqual([second.id]);
    const all = await t.stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(all.data.map((s) => s.id)).toEqual([second.id, subscription.id]);
  });

  it('sets and clears cancel at period end', async () => {
    const { subscription } = await subscribe();
    const end = subscription.items.data[0]!.current_period_end;
    const cancelling = await t.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end });
    const kept = await t.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(kept).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    const updated = t.fake.events.filter((e) => e.type === 'customer.subscription.updated');
    expect(updated[0]?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
  });

  it('moves the item to another price: the same interval keeps the period, another starts one', async () => {
    const { subscription } = await subscribe();
    const item = subscription.items.data[0]!;
    const sultan = await t.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: FAKE_PRICES.sultan.month }],
      proration_behavior: 'create_prorations',
    });
    expect(sultan.items.data[0]).toMatchObject({
      id: item.id,
      price: { id: FAKE_PRICES.sultan.month },
      current_period_end: item.current_period_end,
    });
    const yearly = await t.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: FAKE_PRICES.sultan.year }],
    });
    const period = yearly.items.data[0]!;
    expect((period.current_period_end - period.current_period_start) / DAY).toBeGreaterThanOrEqual(365);
    expect(yearly.latest_invoice).not.toBe(subscription.latest_invoice);
  });

  it('cancels now: canceled with its end time; a second cancel finds nothing', async () => {
    const { subscription } = await subscribe();
    const canceled = await t.stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.ended_at).toEqual(expect.any(Number));
    expect(await t.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'canceled' });
    const again = await failure(t.stripe.subscriptions.cancel(subscription.id));
    expect(again).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const update = await failure(
      t.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    );
    expect(update.statusCode).toBe(400);
  });
});

describe('test controls', () => {
  it('renews, fails a payment, takes it, and ends at the period’s end when set to cancel', async () => {
    const { subscription } = await subscribe();
    const end = subscription.items.data[0]!.current_period_end;
    expect(t.fake.advance.renew(subscription.id).items.data[0]!.current_period_start).toBe(end);
    expect(t.fake.advance.failPayment(subscription.id).status).toBe('past_due');
    expect(t.fake.advance.pay(subscription.id).status).toBe('active');
    await t.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(t.fake.advance.renew(subscription.id).status).toBe('canceled');
    expect(t.fake.events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
  });

  it('a renewal on a card that is refused leaves the subscription past_due', async () => {
    const { customer } = await customerWithCard(t.stripe, 'pm_card_chargeCustomerFail');
    const visa = await t.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const subscription = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: FAKE_PRICES.merchant.month }],
      default_payment_method: visa.id,
    });
    expect(subscription.status).toBe('active');
    await t.stripe.subscriptions.update(subscription.id, { default_payment_method: '' });
    expect(t.fake.advance.renew(subscription.id).status).toBe('past_due');
  });

  it('an outage answers 500 api_error', async () => {
    t.fake.failNext(1);
    const error = await failure(t.stripe.customers.create({}));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error.statusCode).toBe(500);
    await expect(t.stripe.customers.create({})).resolves.toMatchObject({ object: 'customer' });
  });
});
