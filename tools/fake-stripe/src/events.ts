import type Stripe from 'stripe';
import { seconds, stripeId } from './ids';

export type SubscriptionEvent =
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent;
export type InvoiceEvent = Stripe.InvoicePaidEvent | Stripe.InvoicePaymentFailedEvent;
/** The events the fake sends: what the subscription side of an app listens to. */
export type FakeEvent = SubscriptionEvent | InvoiceEvent;
export type FakeEventType = FakeEvent['type'];

/** The API request that caused an event; state changes a test makes have none. */
export interface RequestRef {
  id: string | null;
  idempotency_key: string | null;
}

export const NO_REQUEST: RequestRef = { id: null, idempotency_key: null };

/** The API version the fake's events are written in: the one the installed SDK speaks. */
export const API_VERSION = '2026-10-28.endive';

function base(nowMs: number, request: RequestRef) {
  return {
    id: stripeId('evt'),
    object: 'event' as const,
    api_version: API_VERSION,
    created: seconds(nowMs),
    livemode: false,
    pending_webhooks: 1,
    request,
  };
}

/** Objects are copied when the event is made, so later changes do not rewrite history. */
export function subscriptionEvent(
  type: SubscriptionEvent['type'],
  subscription: Stripe.Subscription,
  previous: Partial<Stripe.Subscription> | undefined,
  request: RequestRef,
  nowMs: number,
): SubscriptionEvent {
  const data = {
    object: structuredClone(subscription),
    ...(previous && { previous_attributes: structuredClone(previous) }),
  };
  return { ...base(nowMs, request), type, data };
}

export function invoiceEvent(
  type: InvoiceEvent['type'],
  invoice: Stripe.Invoice,
  request: RequestRef,
  nowMs: number,
): InvoiceEvent {
  return { ...base(nowMs, request), type, data: { object: structuredClone(invoice) } };
}
