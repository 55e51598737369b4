import type Stripe from 'stripe';
import { announceInvoice, type ChargeResult, chargePeriod } from '../billing';
import { cardDeclined, invalidRequest, noSuch } from '../errors';
import { seconds } from '../ids';
import { intervalOf, isEnded, itemOf } from '../lifecycle';
import { periodEnd, planObject } from '../objects';
import type { Params } from '../params';
import type { Call } from '../router';
import type { Store } from '../store';
import { applyMetadata } from './customers';

/**
 * POST /v1/subscriptions/:id: cancel at period end (or take it back), move the item to another
 * price, change metadata or the default card. A price of another interval starts a new period
 * billed at once; one of the same interval keeps the period (Stripe's prorations are left out).
 */
export function updateSubscription({ params, path, store, request }: Call): Stripe.Subscription {
  params.only(
    'cancel_at_period_end',
    'items',
    'metadata',
    'proration_behavior',
    'payment_behavior',
    'default_payment_method',
    'description',
    'off_session',
  );
  const subscription = store.subscription(path.id!, 'id', true);
  const onlyMetadata = params.keys().every((key) => key === 'metadata' || key === 'expand');
  if (isEnded(subscription) && !onlyMetadata) {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  params.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none'] as const);
  const behavior = params.oneOf('payment_behavior', [
    'allow_incomplete',
    'default_incomplete',
    'error_if_incomplete',
    'pending_if_incomplete',
  ] as const);

  const before = structuredClone(subscription);
  const previous: Partial<Stripe.Subscription> = {};
  const cancel = params.boolean('cancel_at_period_end');
  if (cancel !== undefined && cancel !== subscription.cancel_at_period_end) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    previous.cancel_at = subscription.cancel_at;
    previous.canceled_at = subscription.canceled_at;
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? itemOf(subscription).current_period_end : null;
    subscription.canceled_at = cancel ? seconds(store.now()) : null;
  }
  if (params.has('metadata')) {
    previous.metadata = subscription.metadata;
    applyMetadata(subscription, params);
  }
  if (params.has('description')) subscription.description = params.nullableString('description') ?? null;
  if (params.has('default_payment_method')) setDefaultCard(store, subscription, params);

  const charged = changeItems(store, subscription, params, previous);
  if (charged?.decline && behavior === 'error_if_incomplete') {
    // Nothing of the refused change is kept.
    store.invoices.delete(charged.invoice.id);
    store.subscriptions.set(subscription.id, Object.assign(subscription, before));
    throw cardDeclined(charged.decline, true);
  }
  if (charged?.decline) {
    previous.status = subscription.status;
    subscription.status = 'past_due';
  }
  if (Object.keys(previous).length > 0 || params.has('description') || params.has('default_payment_method'))
    store.emitSubscription('customer.subscription.updated', subscription, request, previous);
  if (charged) announceInvoice(store, charged, request);
  return store.expanded(subscription, params.expand());
}

function setDefaultCard(store: Store, subscription: Stripe.Subscription, params: Params): void {
  const id = params.nullableString('default_payment_method') ?? null;
  if (id !== null && store.paymentMethods.get(id)?.customer !== subscription.customer) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      { param: 'default_payment_method', code: 'resource_missing' },
    );
  }
  subscription.default_payment_method = id;
}

/** `items[0][id]=si_...&items[0][price]=price_...`: the item moves to the new price. */
function changeItems(
  store: Store,
  subscription: Stripe.Subscription,
  params: Params,
  previous: Partial<Stripe.Subscription>,
): ChargeResult | null {
  const items = params.list('items');
  if (!items || items.length === 0) return null;
  if (items.length > 1) throw invalidRequest('fake-stripe: a subscription has one item.', { param: 'items' });
  const change = items[0]!.only('id', 'price', 'quantity');
  change.integer('quantity', 1, 1);
  const item = itemOf(subscription);
  const itemId = change.string('id');
  if (itemId === undefined)
    throw invalidRequest('fake-stripe: name the item to change (items[0][id]).', { param: 'items[0][id]' });
  if (itemId !== item.id) throw noSuch('subscription_item', itemId, 'items[0][id]', false);
  const priceId = change.string('price');
  if (priceId === undefined || priceId === item.price.id) return null;
  const price = store.price(priceId, 'items[0][price]');
  if (price.currency !== item.price.currency)
    throw invalidRequest('The price must be in the same currency as the subscription.', {
      param: 'items[0][price]',
    });

  previous.items = structuredClone(subscription.items);
  const newInterval = intervalOf(price) !== intervalOf(item.price);
  item.price = price;
  item.plan = planObject(price);
  if (!newInterval) return null;
  // Another interval starts a new billing period now, billed at once.
  const now = store.now();
  item.current_period_start = seconds(now);
  item.current_period_end = seconds(periodEnd(now, intervalOf(price)));
  subscription.billing_cycle_anchor = item.current_period_start;
  if (subscription.cancel_at_period_end) subscription.cancel_at = item.current_period_end;
  previous.latest_invoice = subscription.latest_invoice;
  return chargePeriod(store, subscription, 'subscription_update');
}
