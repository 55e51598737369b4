import type Stripe from 'stripe';
import type { Decline } from './errors';
import type { RequestRef } from './events';
import { invoiceObject } from './invoice-object';
import type { Store } from './store';

export interface ChargeResult {
  invoice: Stripe.Invoice;
  /** Why the card was refused; null when the invoice was paid. */
  decline: Decline | null;
}

const NO_CARD: Decline = {
  code: 'card_declined',
  decline_code: 'no_payment_method',
  message: 'This customer has no attached payment source or default payment method.',
};

/** The card a subscription is charged to: its own default, else its customer's. */
export function paymentMethodFor(store: Store, subscription: Stripe.Subscription): string | null {
  if (typeof subscription.default_payment_method === 'string') return subscription.default_payment_method;
  return customerCard(store, subscription.customer as string);
}

/** The customer's default card, which their invoices are charged to. */
export function customerCard(store: Store, customerId: string): string | null {
  const card = store.customers.get(customerId)?.invoice_settings.default_payment_method;
  return typeof card === 'string' ? card : null;
}

/** Why a charge to `paymentMethod` is refused: no card at all, or a card that refuses; null: paid. */
export function declineFor(store: Store, paymentMethod: string | null): Decline | null {
  return paymentMethod === null ? NO_CARD : (store.chargeDeclines.get(paymentMethod) ?? null);
}

/**
 * Bills one period: an invoice paid by the subscription's card, or left open when the card is
 * refused. Records the invoice and raises invoice.paid or invoice.payment_failed.
 */
export function chargePeriod(
  store: Store,
  subscription: Stripe.Subscription,
  reason: Stripe.Invoice.BillingReason,
): ChargeResult {
  const paymentMethod = paymentMethodFor(store, subscription);
  const decline = declineFor(store, paymentMethod);
  const invoice = invoiceObject({
    subscription,
    reason,
    paid: decline === null,
    paymentMethod,
    nowMs: store.now(),
  });
  store.invoices.set(invoice.id, invoice);
  subscription.latest_invoice = invoice.id;
  return { invoice, decline };
}

/** Raises the invoice's event once the subscription's own event has gone out, as Stripe orders them. */
export function announceInvoice(store: Store, result: ChargeResult, request: RequestRef): void {
  store.emitInvoice(result.decline ? 'invoice.payment_failed' : 'invoice.paid', result.invoice, request);
}
