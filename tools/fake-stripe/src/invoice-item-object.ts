import type Stripe from 'stripe';
import { seconds, stripeId } from './ids';
import { decimalString } from './objects';

/**
 * A one-off charge (or credit, when negative) waiting for the customer's next invoice. Stripe
 * prices an item made from a bare amount with a price and product of its own making, one unit of
 * that amount; its period is the moment it was made.
 */
export function invoiceItemObject(input: {
  customer: string;
  amount: number;
  currency: string;
  description: string | null;
  discountable: boolean;
  nowMs: number;
}): Stripe.InvoiceItem {
  const at = seconds(input.nowMs);
  return {
    id: stripeId('ii'),
    object: 'invoiceitem',
    amount: input.amount,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    date: at,
    description: input.description,
    discountable: input.discountable,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: null,
    period: { start: at, end: at },
    pricing: {
      type: 'price_details',
      price_details: { price: stripeId('price'), product: stripeId('prod', 14) },
      unit_amount_decimal: decimalString(input.amount),
    },
    proration: false,
    quantity: 1,
    quantity_decimal: decimalString(1),
    tax_rates: [],
    test_clock: null,
  };
}
