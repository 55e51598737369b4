import type Stripe from 'stripe';
import { customerCard, declineFor } from './billing';
import type { RequestRef } from './events';
import { seconds } from './ids';
import { type InvoiceState, invoiceShape } from './invoice-object';
import type { Store } from './store';

const DAY_S = 24 * 60 * 60;

export interface CustomerInvoiceInput {
  customer: string;
  /** `pending_invoice_items_behavior=include`: the customer's pending invoice items go on it. */
  includePending: boolean;
  /** The invoice's currency; by default that of the customer's oldest pending item, else usd. */
  currency: string | undefined;
  autoAdvance: boolean;
  collection: Stripe.Invoice.CollectionMethod;
  /** For `send_invoice`: how long the customer has to pay. */
  daysUntilDue: number | null;
  description: string | null;
  metadata: Stripe.Metadata;
}

/**
 * A one-off invoice of a customer (`POST /v1/invoices`). Including pending items, it takes in every
 * pending item of its currency, whose `invoice` then names it, and totals them.
 *
 * Auto-advance is kept simple: where Stripe finalizes an auto-advancing invoice about an hour later
 * and then collects it, the fake does both at once. Collected automatically, it is charged to the
 * customer's default card there and then: paid (invoice.paid), or left open when the customer has
 * no default card or the card refuses the charge (invoice.payment_failed). Sent for payment, it is
 * open until its due date. An invoice of nothing is paid as it is finalized. Without auto-advance
 * it stays a draft.
 */
export function createCustomerInvoice(
  store: Store,
  input: CustomerInvoiceInput,
  request: RequestRef,
): Stripe.Invoice {
  const pending = input.includePending
    ? [...store.invoiceItems.values()].filter((i) => i.customer === input.customer && i.invoice === null)
    : [];
  const currency = input.currency ?? pending[0]?.currency ?? 'usd';
  const items = pending.filter((i) => i.currency === currency);
  // A total below zero would be credited to the customer's balance; the fake's customers keep none.
  const amount = Math.max(
    0,
    items.reduce((sum, i) => sum + i.amount, 0),
  );
  const charged = input.autoAdvance && input.collection === 'charge_automatically';
  const paymentMethod = charged ? customerCard(store, input.customer) : null;
  const decline = charged && amount > 0 ? declineFor(store, paymentMethod) : null;
  const state: InvoiceState = !input.autoAdvance
    ? { status: 'draft', attempted: false, autoAdvance: false }
    : charged
      ? { status: decline ? 'open' : 'paid', attempted: amount > 0, autoAdvance: decline !== null }
      : { status: 'open', attempted: false, autoAdvance: true };
  const at = seconds(store.now());
  const invoice = invoiceShape({
    customer: input.customer,
    currency,
    amount,
    reason: 'manual',
    state,
    collection: input.collection,
    dueDate: input.daysUntilDue === null ? null : at + input.daysUntilDue * DAY_S,
    paymentMethod,
    parent: null,
    period: { start: at, end: at },
    description: input.description,
    metadata: input.metadata,
    nowMs: store.now(),
  });
  for (const item of items) item.invoice = invoice.id;
  store.invoices.set(invoice.id, invoice);
  if (state.status === 'paid') store.emitInvoice('invoice.paid', invoice, request);
  else if (decline) store.emitInvoice('invoice.payment_failed', invoice, request);
  return invoice;
}
