import { z } from 'zod';
import type { ApiClient } from './client.js';
import { seg } from './path-segment.js';
import {
  CustomerResult,
  PaymentSource,
  type PaymentSourceChange,
  type PaymentSourceCreate,
  type PaymentWriteOptions,
  Subscription,
  type SubscriptionChange,
  SubscriptionChangeResult,
  type SubscriptionCreate,
} from './schemas/payments.js';

function idempotency(options: PaymentWriteOptions | undefined): Record<string, string> {
  return options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {};
}

/**
 * The payments calls of the client. Writes take an idempotency key: send the same one when
 * retrying the same purchase, so it is never charged twice.
 */
export function paymentCalls(client: ApiClient) {
  return {
    /** The user's Stripe customer, created on first use: 201 {customer_id}. */
    createCustomer: (username: string, options?: PaymentWriteOptions) =>
      client.request(CustomerResult, 'POST', '/payments/customer/create/', {
        body: { username },
        headers: idempotency(options),
      }),
    /** The saved cards, newest first ([] before any). */
    cards: () => client.request(z.array(PaymentSource), 'GET', '/payments/sources/summary/'),
    /** Saves a card from Stripe.js (402 `card_refused` with `reason` when Stripe refuses it). */
    addCard: (username: string, body: PaymentSourceCreate, options?: PaymentWriteOptions) =>
      client.request(PaymentSource, 'POST', `/payments/sources/create/${seg(username)}/`, {
        body,
        headers: idempotency(options),
      }),
    /** Makes the card the default; answers the whole list. */
    setDefaultCard: (body: PaymentSourceChange, options?: PaymentWriteOptions) =>
      client.request(z.array(PaymentSource), 'POST', '/payments/sources/change/', {
        body,
        headers: idempotency(options),
      }),
    /** Removes the card; answers the cards left. */
    removeCard: (username: string, paymentKey: string) =>
      client.request(
        z.array(PaymentSource),
        'DELETE',
        `/payments/sources/create/${seg(username)}/${seg(paymentKey)}/`,
      ),
    /** The user's subscriptions, newest first, ended ones included. */
    subscriptions: () => client.request(z.array(Subscription), 'GET', '/payments/subscriptions/change/'),
    /** Buys a tier, charged to the default card at once: 201 the subscription. */
    subscribe: (body: SubscriptionCreate, options?: PaymentWriteOptions) =>
      client.request(Subscription, 'POST', '/payments/subscriptions/create/', {
        body,
        headers: idempotency(options),
      }),
    subscription: (subscriptionId: string) =>
      client.request(Subscription, 'GET', `/payments/${seg(subscriptionId)}/`),
    /** Moves a subscription to the other tier (`subscription_type` is the tier wanted). */
    changeTier: (body: SubscriptionChange, options?: PaymentWriteOptions) =>
      client.request(SubscriptionChangeResult, 'POST', '/payments/customer/change/', {
        body,
        headers: idempotency(options),
      }),
    /** Cancels at the end of the paid period: the subscription stays active until then. */
    cancel: (subscriptionId: string, options?: PaymentWriteOptions) =>
      client.request(Subscription, 'POST', `/payments/${seg(subscriptionId)}/cancel/`, {
        headers: idempotency(options),
      }),
  };
}
