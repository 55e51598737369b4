import { z } from 'zod';
import { bytesBody, defineRoute } from '../route.js';
import { UsernameInPath } from '../schemas/auth.js';
import {
  CustomerCreate,
  CustomerResult,
  PaymentMethodId,
  PaymentSource,
  PaymentSourceChange,
  PaymentSourceCreate,
  Subscription,
  SubscriptionChange,
  SubscriptionChangeResult,
  SubscriptionCreate,
  SubscriptionId,
  WebhookReceipt,
} from '../schemas/payments.js';

const CARDS = '/payments/sources/create/:username/';
const SUBSCRIPTION = '/payments/:subscription_id/';
const subscription = z.object({ subscription_id: SubscriptionId });
/** Every payment call answers 404 while the server's payments are off. */
const WRITE_ERRORS = [
  'not_authenticated',
  'invalid',
  'not_found',
  'permission_denied',
  'idempotency_key_reused',
  'payment_provider_error',
] as const;

/**
 * Cards and subscriptions (schemas/payments.ts says what each answers and how it fails). Writes
 * take an idempotency key: send the same one when retrying, so nothing is charged twice.
 */
export const paymentRoutes = {
  /** The user's Stripe customer, created on first use. */
  createCustomer: defineRoute({
    method: 'POST',
    path: '/payments/customer/create/',
    body: CustomerCreate,
    response: { 201: CustomerResult },
    errors: WRITE_ERRORS,
  }),
  /** The saved cards, newest first ([] before any). */
  cards: defineRoute({
    method: 'GET',
    path: '/payments/sources/summary/',
    response: { 200: z.array(PaymentSource) },
    errors: ['not_authenticated', 'not_found', 'payment_provider_error'],
  }),
  /** Saves a card from Stripe.js (402 `card_refused` with `reason` when Stripe refuses it). */
  addCard: defineRoute({
    method: 'POST',
    path: CARDS,
    params: z.object({ username: UsernameInPath }),
    body: PaymentSourceCreate,
    response: { 201: PaymentSource },
    errors: [...WRITE_ERRORS, 'card_refused'],
  }),
  /** Makes the card the default; answers the whole list. */
  setDefaultCard: defineRoute({
    method: 'POST',
    path: '/payments/sources/change/',
    body: PaymentSourceChange,
    response: { 200: z.array(PaymentSource) },
    errors: WRITE_ERRORS,
  }),
  /** Removes the card; answers the cards left. */
  removeCard: defineRoute({
    method: 'DELETE',
    path: `${CARDS}:payment_key/`,
    params: z.object({ username: UsernameInPath, payment_key: PaymentMethodId }),
    response: { 200: z.array(PaymentSource) },
    errors: WRITE_ERRORS,
  }),
  /** The user's subscriptions, newest first, ended ones included. */
  subscriptions: defineRoute({
    method: 'GET',
    path: '/payments/subscriptions/change/',
    response: { 200: z.array(Subscription) },
    errors: ['not_authenticated', 'not_found', 'payment_provider_error'],
  }),
  /** Buys a tier, charged to the default card at once. */
  subscribe: defineRoute({
    method: 'POST',
    path: '/payments/subscriptions/create/',
    body: SubscriptionCreate,
    response: { 201: Subscription },
    errors: [
      ...WRITE_ERRORS,
      'payment_method_required',
      'already_subscribed',
      'payment_failed',
      'card_refused',
    ],
  }),
  subscription: defineRoute({
    method: 'GET',
    path: SUBSCRIPTION,
    params: subscription,
    response: { 200: Subscription },
    errors: ['not_authenticated', 'not_found'],
  }),
  /** Moves a subscription to the other tier (`subscription_type` is the tier wanted). */
  changeTier: defineRoute({
    method: 'POST',
    path: '/payments/customer/change/',
    body: SubscriptionChange,
    response: { 200: SubscriptionChangeResult },
    errors: [...WRITE_ERRORS, 'payment_failed', 'card_refused', 'already_subscribed'],
  }),
  /** Cancels at the end of the paid period: the subscription stays active until then. */
  cancel: defineRoute({
    method: 'POST',
    path: `${SUBSCRIPTION}cancel/`,
    params: subscription,
    response: { 200: Subscription },
    errors: WRITE_ERRORS,
  }),
};

/** Stripe's signed events: the body is read as the exact bytes Stripe signed. */
export const paymentWebhookRoutes = {
  receive: defineRoute({
    method: 'POST',
    path: '/payments/webhook/',
    body: bytesBody,
    response: { 200: WebhookReceipt },
    errors: ['invalid', 'payment_provider_error'],
  }),
};
