import type Stripe from 'stripe';
import type { StripeErrorBody } from './errors';
import type { FakeEvent } from './events';
import type { FormObject } from './form';
import type { PriceSpec } from './objects';
import type { Delivery, SendOptions, Signed } from './webhooks';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The decoded form body (POST) or query (GET, DELETE). */
  params: FormObject;
  idempotencyKey: string | null;
  status: number;
  /** Answered from the idempotency store, without running the endpoint again. */
  replayed: boolean;
}

/** Which requests an injected failure is for: any, unless a method or path is named. */
export interface RequestMatch {
  method?: string;
  /** The path without its query, e.g. `/v1/invoices`. */
  path?: string;
}

export interface FakeStripeOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The only secret key accepted; a random `sk_test_...` by default. */
  secretKey?: string;
  /** The webhook signing secret; a random `whsec_...` by default. */
  webhookSecret?: string;
  /** The recurring prices that exist; FAKE_PRICES by default. */
  prices?: readonly PriceSpec[];
  /** Where events go as they happen; none by default (they are still recorded). */
  webhookUrl?: string | null;
  /** The fake's clock in milliseconds; Date.now by default. */
  now?: () => number;
  /** Put the whole wrong API key into 401 messages, to test that a client scrubs it. */
  revealKeysInErrors?: boolean;
}

/** State changes a test makes happen, standing in for time passing and banks answering. */
export interface Advance {
  /** The period ends: renewed and billed (past_due when the card is refused), or ended if set to cancel. */
  renew(subscriptionId: string): Stripe.Subscription;
  /** A payment fails whatever the card: past_due, invoice.payment_failed. */
  failPayment(subscriptionId: string): Stripe.Subscription;
  /** The open invoice is paid: active, invoice.paid. */
  pay(subscriptionId: string): Stripe.Subscription;
  /** Ends now: canceled, customer.subscription.deleted. */
  end(subscriptionId: string): Stripe.Subscription;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Every API request, in order. */
  requests: RecordedRequest[];
  /** Every event raised, in order. */
  events: readonly FakeEvent[];
  /** Every webhook delivery attempted, in order. */
  deliveries: readonly Delivery[];
  /** Copies of the stored objects. */
  customers(): Stripe.Customer[];
  paymentMethods(): Stripe.PaymentMethod[];
  subscriptions(): Stripe.Subscription[];
  invoiceItems(): Stripe.InvoiceItem[];
  /** Every invoice: the subscriptions' and the ones made with `POST /v1/invoices`. */
  invoices(): Stripe.Invoice[];
  setWebhookUrl(url: string | null): void;
  /** Resolves once every queued webhook delivery is done. */
  webhooksSettled(): Promise<void>;
  /** Signs and delivers one event now (to the configured endpoint unless told otherwise). */
  sendWebhook(event: FakeEvent, options?: SendOptions): Promise<Delivery>;
  /** The body and `Stripe-Signature` header an event would be delivered with. */
  sign(event: FakeEvent, options?: SendOptions): Signed;
  advance: Advance;
  /**
   * Answers the next `count` API requests with this error (an outage: 500 api_error by default);
   * with `only`, the next `count` requests of that method and path, letting others through.
   */
  failNext(count: number, failure?: { status: number; error: StripeErrorBody }, only?: RequestMatch): void;
  /** Forgets every object, event, request, delivery and idempotency key. */
  reset(): void;
  close(): Promise<void>;
}
