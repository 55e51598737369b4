import type Stripe from 'stripe';
import { cardDeclined, invalidRequest, noSuch } from '../errors';
import { cardPaymentMethod, listOf } from '../objects';
import type { Call, Endpoint } from '../router';
import type { Store } from '../store';
import { testCard, testExpiry } from '../test-cards';
import { page } from './pages';

export const paymentMethodEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/attach',
    handle({ params, path, store }: Call) {
      params.only('customer');
      const customer = store.customer(params.requiredString('customer'), 'customer', false);
      const method = attachable(store, path.id!);
      if (method.customer !== null && method.customer !== customer.id) {
        throw invalidRequest('The payment method you provided has already been attached to a customer.', {
          param: 'payment_method',
          code: 'payment_method_unexpected_state',
        });
      }
      method.customer = customer.id;
      store.paymentMethods.set(method.id, method);
      return store.expanded(method, params.expand());
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    handle({ params, path, store }: Call) {
      params.only();
      const method = store.paymentMethod(path.id!, 'payment_method', true);
      const customerId = method.customer;
      if (typeof customerId !== 'string') {
        throw invalidRequest(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
          { param: 'payment_method', code: 'payment_method_unexpected_state' },
        );
      }
      method.customer = null;
      const customer = store.customers.get(customerId);
      // A detached card can no longer be anyone's default.
      if (customer?.invoice_settings.default_payment_method === method.id)
        customer.invoice_settings.default_payment_method = null;
      return store.expanded(method, params.expand());
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    handle({ params, path, store }: Call) {
      params.only();
      const stored = store.paymentMethods.get(path.id!);
      return store.expanded(stored ?? fromTestCard(store, path.id!), params.expand());
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods',
    handle({ params, store, url }: Call) {
      params.only('customer', 'type', 'limit', 'starting_after', 'ending_before');
      const customer = params.string('customer');
      if (customer !== undefined) store.customer(customer, 'customer', false);
      return cardList(store, customer ?? null, params.string('type'), url, call(params));
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id/payment_methods',
    handle({ params, path, store, url }: Call) {
      params.only('type', 'limit', 'starting_after', 'ending_before', 'allow_redisplay');
      store.customer(path.id!, 'customer', true);
      return cardList(store, path.id!, params.string('type'), url, call(params));
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:customer/payment_methods/:id',
    handle({ params, path, store }: Call) {
      params.only();
      store.customer(path.customer!, 'customer', true);
      const method = store.paymentMethods.get(path.id!);
      if (!method || method.customer !== path.customer)
        throw noSuch('payment_method', path.id!, 'payment_method', true);
      return store.expanded(method, params.expand());
    },
  },
];

function call(params: Call['params']) {
  return {
    limit: params.integer('limit', 1, 100) ?? 10,
    startingAfter: params.string('starting_after'),
    endingBefore: params.string('ending_before'),
    expand: params.expand(),
  };
}

function cardList(
  store: Store,
  customer: string | null,
  type: string | undefined,
  url: string,
  options: ReturnType<typeof call>,
): Stripe.ApiList<Stripe.PaymentMethod> {
  if (type !== undefined && type !== 'card') return listOf([], url);
  const all = [...store.paymentMethods.values()]
    .filter((m) => customer === null || m.customer === customer)
    .reverse();
  const { data, hasMore } = page(all, options);
  return store.expanded(listOf(data, url, hasMore), options.expand);
}

/**
 * A test id (`pm_card_visa`) stands for a new card each time it is used; a declined test card is
 * refused the moment it is attached, as Stripe checks the card then.
 */
function attachable(store: Store, id: string): Stripe.PaymentMethod {
  const stored = store.paymentMethods.get(id);
  // Only attached cards are kept, so a kept one without a customer has been detached.
  if (stored?.customer === null) {
    throw invalidRequest(
      'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
      { param: 'payment_method', code: 'payment_method_unexpected_state' },
    );
  }
  if (stored) return stored;
  const card = testCard(id);
  if (card?.attachDecline) throw cardDeclined(card.attachDecline, true);
  const method = fromTestCard(store, id);
  if (card?.chargeDecline) store.chargeDeclines.set(method.id, card.chargeDecline);
  return method;
}

function fromTestCard(store: Store, id: string): Stripe.PaymentMethod {
  const card = testCard(id);
  if (!card) throw noSuch('payment_method', id, 'payment_method', true);
  return cardPaymentMethod(card, testExpiry(store.now()), store.now());
}
