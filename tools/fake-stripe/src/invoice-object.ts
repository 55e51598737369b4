import type Stripe from 'stripe';
import { seconds, stripeId } from './ids';
import { listOf } from './objects';

/** Where an invoice stands: a draft takes no payment; an open one awaits it (attempted or not). */
export interface InvoiceState {
  status: 'draft' | 'open' | 'paid';
  /** A charge was tried (and, when open, refused). */
  attempted: boolean;
  autoAdvance: boolean;
}

/**
 * An invoice as Stripe shows it, for a customer's `amount` (their items' total, or a
 * subscription's period). Line items are left out: the fake's clients list the items an invoice
 * took in with `GET /v1/invoiceitems?invoice=`.
 */
export function invoiceShape(input: {
  customer: string;
  currency: string;
  amount: number;
  reason: Stripe.Invoice.BillingReason;
  state: InvoiceState;
  collection: Stripe.Invoice.CollectionMethod;
  dueDate: number | null;
  paymentMethod: string | null;
  parent: Stripe.Invoice.Parent | null;
  period: { start: number; end: number };
  description: string | null;
  metadata: Stripe.Metadata;
  nowMs: number;
}): Stripe.Invoice {
  const { amount, state } = input;
  const at = seconds(input.nowMs);
  const id = stripeId('in');
  const paid = state.status === 'paid';
  const finalized = state.status !== 'draft';
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Caravanserai (test)',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    amount_shipping: 0,
    application: null,
    attempt_count: state.attempted ? 1 : 0,
    attempted: state.attempted,
    auto_advance: state.autoAdvance,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.reason,
    collection_method: input.collection,
    created: at,
    currency: input.currency,
    custom_fields: null,
    customer: input.customer,
    customer_account: null,
    customer_address: null,
    customer_email: null,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: input.paymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: input.description,
    discounts: [],
    due_date: input.dueDate,
    effective_at: finalized ? at : null,
    ending_balance: finalized ? 0 : null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: finalized ? `https://invoice.stripe.com/i/${id}` : null,
    invoice_pdf: finalized ? `https://pay.stripe.com/invoice/${id}/pdf` : null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: listOf([], `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: input.metadata,
    next_payment_attempt: state.status === 'open' && state.attempted ? at + 3 * 24 * 60 * 60 : null,
    number: finalized ? `${id.slice(3, 11).toUpperCase()}-0001` : null,
    on_behalf_of: null,
    parent: input.parent,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.period.end,
    period_start: input.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: state.status,
    status_transitions: {
      finalized_at: finalized ? at : null,
      marked_uncollectible_at: null,
      paid_at: paid ? at : null,
      voided_at: null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: finalized ? at : null,
  };
}

/**
 * The invoice of one period of a subscription: paid when its charge went through, open (and
 * attempted) when it was declined.
 */
export function invoiceObject(input: {
  subscription: Stripe.Subscription;
  reason: Stripe.Invoice.BillingReason;
  paid: boolean;
  paymentMethod: string | null;
  nowMs: number;
}): Stripe.Invoice {
  const { subscription } = input;
  const item = subscription.items.data[0]!;
  return invoiceShape({
    customer: subscription.customer as string,
    currency: subscription.currency,
    amount: item.price.unit_amount ?? 0,
    reason: input.reason,
    state: { status: input.paid ? 'paid' : 'open', attempted: true, autoAdvance: !input.paid },
    collection: 'charge_automatically',
    dueDate: null,
    paymentMethod: input.paymentMethod,
    parent: {
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      type: 'subscription_details',
    },
    period: { start: item.current_period_start, end: item.current_period_end },
    description: null,
    metadata: {},
    nowMs: input.nowMs,
  });
}
