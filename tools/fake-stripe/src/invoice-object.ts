import type Stripe from 'stripe';
import { seconds, stripeId } from './ids';
import { listOf } from './objects';

/**
 * The invoice of one period of a subscription: paid when its charge went through, open (and
 * attempted) when it was declined. Line items are left out: nothing the fake's clients read.
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
  const amount = item.price.unit_amount ?? 0;
  const at = seconds(input.nowMs);
  const id = stripeId('in');
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Caravanserai (test)',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: input.paid ? amount : 0,
    amount_remaining: input.paid ? 0 : amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: !input.paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: at,
    currency: subscription.currency,
    custom_fields: null,
    customer: subscription.customer,
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
    description: null,
    discounts: [],
    due_date: null,
    effective_at: at,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/${id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: listOf([], `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: input.paid ? null : at + 3 * 24 * 60 * 60,
    number: `${id.slice(3, 11).toUpperCase()}-0001`,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: item.current_period_end,
    period_start: item.current_period_start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: input.paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: at,
      marked_uncollectible_at: null,
      paid_at: input.paid ? at : null,
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
    webhooks_delivered_at: at,
  };
}
