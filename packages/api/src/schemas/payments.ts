import { z } from 'zod';
import { Line } from './text.js';

/**
 * Payments and subscriptions (docs/ARCHITECTURE.md, Payments). Every `/payments/...` call answers
 * 404 while the server's payments are off (`GET /config/` says which), and all but the webhook
 * are the signed-in user's own: another user's username is 403, another user's ids 404.
 *
 * Failures a page should tell apart, by `code` (ApiError.code), with `detail` to show:
 * - 402 `card_refused`: "Failed to register payment method." and `reason` (Stripe's words, e.g.
 *   "Your card was declined.") when a card is added;
 * - 402 `payment_failed`: "Payment failed." and `reason` when a subscription's charge is refused;
 * - 400 `payment_method_required`: "Add a payment method first." (no default card);
 * - 409 `already_subscribed`: an active subscription of that tier exists;
 * - 409 `idempotency_key_reused`: an Idempotency-Key sent again with another request;
 * - 502 `payment_provider_error`: Stripe could not be reached or failed, with `reason`.
 *
 * Writes that reach Stripe accept an `Idempotency-Key` header (1-200 of A-Z a-z 0-9 . _ : -):
 * the same key with the same request is answered as the first time without charging again.
 */

/** A Stripe id as the API carries it: a type prefix and letters, digits or underscores. */
const StripeId = (prefix: string) =>
  z
    .string()
    .max(255, 'Not a valid id.')
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`), 'Not a valid id.');

export const PaymentMethodId = StripeId('pm');
export const SubscriptionId = StripeId('sub');
export const CustomerId = StripeId('cus');

/** The two paid tiers, as the API names them in answers. */
export const SubscriptionType = z.enum(['Merchant', 'Sultan']);
export type SubscriptionType = z.infer<typeof SubscriptionType>;

/** A tier as a request names it: 'merchant' or 'sultan' (any case). */
export const SubscriptionTypeInput = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['merchant', 'sultan'], { error: 'Must be "merchant" or "sultan".' }));

export const BillingInterval = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof BillingInterval>;

/** `POST /payments/customer/create/`: the signed-in user's own username. */
export const CustomerCreate = z.object({ username: Line().min(1, 'This field may not be blank.').max(150) });
export type CustomerCreate = z.input<typeof CustomerCreate>;

/** The user's Stripe customer: `customer/create/` (201, the same one every time). */
export const CustomerResult = z.object({ customer_id: z.string() });
export type CustomerResult = z.infer<typeof CustomerResult>;

/**
 * One saved card (`GET /payments/sources/summary/` lists them newest first). `payment_key` names
 * it in later calls; `status` is false once the card has expired (the spec shows only cards whose
 * status is true); `default_payment_method` marks the card subscriptions are charged to.
 */
export const PaymentSource = z.object({
  payment_key: z.string(),
  status: z.boolean(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  default_payment_method: z.boolean(),
});
export type PaymentSource = z.infer<typeof PaymentSource>;

/**
 * `POST /payments/sources/create/{username}/` -> 201 the new PaymentSource. `payment_method_id`
 * is what Stripe.js createPaymentMethod returned (or a test id such as `pm_card_visa`): Stripe
 * attaches a copy with a new id, which `payment_key` carries. Creates the customer if missing;
 * the first card becomes the default. `customer_id`, if sent, must be the user's own.
 */
export const PaymentSourceCreate = z.object({
  payment_method_id: PaymentMethodId,
  customer_id: CustomerId.nullish(),
});
export type PaymentSourceCreate = z.input<typeof PaymentSourceCreate>;

/** `POST /payments/sources/change/` -> the card list with only this card the default. */
export const PaymentSourceChange = z.object({ payment_key: PaymentMethodId });
export type PaymentSourceChange = z.input<typeof PaymentSourceChange>;

/**
 * A subscription (`GET /payments/subscriptions/change/` lists them newest first, ended ones
 * included; `GET /payments/{subscription_id}/` is one). `is_active` is true while Stripe's
 * `status` is active or trialing, also after cancelling until `current_period_end` (ISO 8601);
 * `cancel_at_period_end` says it will then end.
 */
export const Subscription = z.object({
  subscription_id: z.string(),
  type: SubscriptionType,
  is_active: z.boolean(),
  status: z.string(),
  interval: BillingInterval,
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
});
export type Subscription = z.infer<typeof Subscription>;

/**
 * `POST /payments/subscriptions/create/` -> 201 the Subscription. The server charges the price it
 * is configured with for the tier and interval (month unless told), so `price_id` must be that
 * price or the spec's placeholder "000". Charged to the default card.
 */
export const SubscriptionCreate = z.object({
  price_id: Line().min(1, 'This field may not be blank.').max(255),
  subscription_type: SubscriptionTypeInput,
  interval: BillingInterval.optional(),
});
export type SubscriptionCreate = z.input<typeof SubscriptionCreate>;

/**
 * `POST /payments/customer/change/`: moves the subscription to the tier `subscription_type` names
 * (the same interval), -> 200 SubscriptionChangeResult; already that tier is answered the same.
 */
export const SubscriptionChange = z.object({
  subscription_type: SubscriptionTypeInput,
  subscription_id: SubscriptionId,
});
export type SubscriptionChange = z.input<typeof SubscriptionChange>;

export const SubscriptionChangeResult = z.object({
  customer_id: z.string(),
  subscription_id: z.string(),
  type: SubscriptionType,
});
export type SubscriptionChangeResult = z.infer<typeof SubscriptionChangeResult>;

/** The body of a payment failure (402 and 502): Stripe's own words in `reason`, secrets removed. */
export const PaymentFailure = z.object({
  detail: z.string(),
  code: z.string(),
  reason: z.string().optional(),
});
export type PaymentFailure = z.infer<typeof PaymentFailure>;

/** `POST /payments/webhook/`: the event was read, and whether it changed anything here. */
export const WebhookReceipt = z.object({
  received: z.literal(true),
  outcome: z.enum(['recorded', 'ignored']),
});
export type WebhookReceipt = z.infer<typeof WebhookReceipt>;

/** What `Idempotency-Key` may hold. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,200}$/;

/** Options of the payment writes: a key of the caller's so a retry is recognised as one. */
export interface PaymentWriteOptions {
  idempotencyKey?: string;
}
