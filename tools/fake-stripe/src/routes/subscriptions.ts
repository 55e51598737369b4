import type Stripe from 'stripe';
import { announceInvoice, chargePeriod, paymentMethodFor } from '../billing';
import { cardDeclined, invalidRequest, missingParam, noSuch } from '../errors';
import { endNow, isEnded } from '../lifecycle';
import { subscriptionObject } from '../objects';
import type { Call, Endpoint } from '../router';
import { applyMetadata } from './customers';
import { listPage } from './pages';
import { updateSubscription } from './subscription-update';

const PAYMENT_BEHAVIORS = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
] as const;

const STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

export const subscriptionEndpoints: Endpoint[] = [
  { method: 'POST', path: '/v1/subscriptions', handle: create },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    handle(call: Call) {
      const { params, store, url } = call;
      params.only('customer', 'price', 'status', 'limit', 'starting_after', 'ending_before');
      const customer = params.string('customer');
      const price = params.string('price');
      const status = params.oneOf('status', STATUSES);
      const all = [...store.subscriptions.values()].reverse().filter((s) => {
        if (customer !== undefined && s.customer !== customer) return false;
        if (price !== undefined && !s.items.data.some((i) => i.price.id === price)) return false;
        // Without a status Stripe leaves out canceled subscriptions.
        if (status === undefined) return s.status !== 'canceled';
        if (status === 'all') return true;
        if (status === 'ended') return isEnded(s);
        return s.status === status;
      });
      return listPage(all, url, call);
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    handle({ params, path, store }: Call) {
      params.only();
      return store.expanded(store.subscription(path.id!, 'id', true), params.expand());
    },
  },
  { method: 'POST', path: '/v1/subscriptions/:id', handle: updateSubscription },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    handle({ params, path, store, request }: Call) {
      params.only('invoice_now', 'prorate', 'cancellation_details');
      const subscription = store.subscription(path.id!, 'id', true);
      // Stripe no longer finds a subscription to cancel once it has ended.
      if (isEnded(subscription)) throw noSuch('subscription', path.id!, 'id', true);
      endNow(store, subscription, request);
      return store.expanded(subscription, params.expand());
    },
  },
];

/**
 * Creates a subscription of one price and bills its first period at once. A refused card leaves
 * it `incomplete` (allow_incomplete, the default), or with error_if_incomplete refuses the whole
 * request with the card error and keeps nothing, as Stripe does.
 */
function create({ params, store, request }: Call): Stripe.Subscription {
  params.only(
    'customer',
    'items',
    'default_payment_method',
    'payment_behavior',
    'metadata',
    'cancel_at_period_end',
    'proration_behavior',
    'collection_method',
    'description',
    'off_session',
  );
  const customer = store.customer(params.requiredString('customer'), 'customer', false);
  const items = params.list('items');
  if (!items || items.length === 0) throw missingParam('items');
  if (items.length > 1) throw invalidRequest('fake-stripe: a subscription has one item.', { param: 'items' });
  const item = items[0]!.only('price', 'quantity');
  const price = store.price(item.requiredString('price'), 'items[0][price]');
  // One seat per subscription: any other quantity is refused.
  item.integer('quantity', 1, 1);
  const method = params.nullableString('default_payment_method') ?? null;
  if (method !== null && store.paymentMethods.get(method)?.customer !== customer.id) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${method}. The payment method must be attached to the customer.`,
      { param: 'default_payment_method', code: 'resource_missing' },
    );
  }
  const collection = params.oneOf('collection_method', ['charge_automatically', 'send_invoice'] as const);
  if (collection === 'send_invoice')
    throw invalidRequest('fake-stripe: only charge_automatically is supported.');
  const behavior = params.oneOf('payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete';

  const subscription = subscriptionObject({
    customer: customer.id,
    price,
    defaultPaymentMethod: method,
    metadata: {},
    cancelAtPeriodEnd: params.boolean('cancel_at_period_end') ?? false,
    nowMs: store.now(),
  });
  applyMetadata(subscription, params);
  subscription.description = params.nullableString('description') ?? null;

  if (behavior === 'default_incomplete') {
    store.subscriptions.set(subscription.id, subscription);
    store.emitSubscription('customer.subscription.created', subscription, request);
    return store.expanded(subscription, params.expand());
  }
  if (paymentMethodFor(store, subscription) === null) {
    throw invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
      { code: 'resource_missing' },
    );
  }
  const charged = chargePeriod(store, subscription, 'subscription_create');
  if (charged.decline && behavior === 'error_if_incomplete') {
    store.invoices.delete(charged.invoice.id);
    throw cardDeclined(charged.decline, true);
  }
  subscription.status = charged.decline ? 'incomplete' : 'active';
  store.subscriptions.set(subscription.id, subscription);
  store.emitSubscription('customer.subscription.created', subscription, request);
  announceInvoice(store, charged, request);
  return store.expanded(subscription, params.expand());
}
