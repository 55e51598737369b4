import type Stripe from 'stripe';
import { announceInvoice, chargePeriod } from './billing';
import type { RequestRef } from './events';
import { seconds } from './ids';
import { invoiceObject } from './invoice-object';
import { periodEnd } from './objects';
import type { Store } from './store';

/**
 * How a subscription moves between states after it is created, shared by the API (update,
 * cancel) and the test controls that stand in for time passing and banks answering.
 */

export function isEnded(subscription: Stripe.Subscription): boolean {
  return subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
}

export function itemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  return subscription.items.data[0]!;
}

export function intervalOf(price: Stripe.Price): 'month' | 'year' {
  return price.recurring?.interval === 'year' ? 'year' : 'month';
}

/** Ends the subscription now: customer.subscription.deleted. */
export function endNow(store: Store, subscription: Stripe.Subscription, request: RequestRef): void {
  const at = seconds(store.now());
  const previous: Partial<Stripe.Subscription> = { status: subscription.status };
  subscription.status = 'canceled';
  subscription.ended_at = at;
  subscription.canceled_at = subscription.canceled_at ?? at;
  store.emitSubscription('customer.subscription.deleted', subscription, request, previous);
}

/**
 * The period ends: a subscription set to cancel then ends; any other starts its next period and
 * is billed for it, becoming past_due when the card is refused.
 */
export function renew(store: Store, subscription: Stripe.Subscription, request: RequestRef): void {
  if (subscription.cancel_at_period_end) {
    endNow(store, subscription, request);
    return;
  }
  const item = itemOf(subscription);
  const previous: Partial<Stripe.Subscription> = {
    status: subscription.status,
    latest_invoice: subscription.latest_invoice,
  };
  item.current_period_start = item.current_period_end;
  item.current_period_end = seconds(periodEnd(item.current_period_start * 1000, intervalOf(item.price)));
  const result = chargePeriod(store, subscription, 'subscription_cycle');
  subscription.status = result.decline ? 'past_due' : 'active';
  store.emitSubscription('customer.subscription.updated', subscription, request, previous);
  announceInvoice(store, result, request);
}

/** The latest payment failed, whatever the card: past_due with an open invoice. */
export function failPayment(store: Store, subscription: Stripe.Subscription, request: RequestRef): void {
  const previous: Partial<Stripe.Subscription> = {
    status: subscription.status,
    latest_invoice: subscription.latest_invoice,
  };
  const invoice = invoiceObject({
    subscription,
    reason: 'subscription_cycle',
    paid: false,
    paymentMethod: null,
    nowMs: store.now(),
  });
  store.invoices.set(invoice.id, invoice);
  subscription.latest_invoice = invoice.id;
  subscription.status = 'past_due';
  store.emitSubscription('customer.subscription.updated', subscription, request, previous);
  store.emitInvoice('invoice.payment_failed', invoice, request);
}

/** The open invoice is paid after all: active again. */
export function payLatest(store: Store, subscription: Stripe.Subscription, request: RequestRef): void {
  const latest =
    typeof subscription.latest_invoice === 'string'
      ? store.invoices.get(subscription.latest_invoice)
      : undefined;
  const invoice =
    latest ??
    invoiceObject({
      subscription,
      reason: 'subscription_cycle',
      paid: true,
      paymentMethod: null,
      nowMs: store.now(),
    });
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status_transitions.paid_at = seconds(store.now());
  store.invoices.set(invoice.id, invoice);
  const previous: Partial<Stripe.Subscription> = { status: subscription.status };
  subscription.latest_invoice = invoice.id;
  subscription.status = 'active';
  store.emitSubscription('customer.subscription.updated', subscription, request, previous);
  store.emitInvoice('invoice.paid', invoice, request);
}
