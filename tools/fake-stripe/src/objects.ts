import type Stripe from 'stripe';
import { seconds, stripeId } from './ids';
import type { TestCard } from './test-cards';

/**
 * Builders of the Stripe objects the fake serves. Each is typed with the `stripe` package's own
 * definitions, so a field the real API always sends cannot be left out here by mistake.
 */

export interface PriceSpec {
  id: string;
  unit_amount: number;
  interval: 'month' | 'year';
  currency?: string;
  nickname?: string;
}

export function customerObject(input: {
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  nowMs: number;
}): Stripe.Customer {
  return {
    id: stripeId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: seconds(input.nowMs),
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: stripeId('x', 8).slice(2).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function cardPaymentMethod(
  card: TestCard,
  expiry: { exp_month: number; exp_year: number },
  nowMs: number,
): Stripe.PaymentMethod {
  return {
    id: stripeId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: card.country,
      display_brand: card.brand,
      exp_month: expiry.exp_month,
      exp_year: expiry.exp_year,
      fingerprint: stripeId('fp', 16).slice(3),
      funding: card.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: seconds(nowMs),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function priceObject(spec: PriceSpec, nowMs: number): Stripe.Price {
  return {
    id: spec.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: seconds(nowMs),
    currency: spec.currency ?? 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: spec.nickname ?? null,
    product: `prod_${spec.id.replace(/^price_/, '')}`,
    recurring: {
      interval: spec.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: spec.unit_amount,
    unit_amount_decimal: decimalString(spec.unit_amount),
  };
}

/**
 * Decimal fields travel as strings ("12000"); the SDK turns them into its Decimal type on
 * arrival, which is what its definitions describe.
 */
export function decimalString(amount: number): Stripe.Decimal {
  return String(amount) as unknown as Stripe.Decimal;
}

/** The legacy Plan view of a price, which subscription items still carry. */
export function planObject(price: Stripe.Price): Stripe.Plan {
  const recurring = price.recurring!;
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** One period after `fromMs`: calendar months and years, as Stripe bills them. */
export function periodEnd(fromMs: number, interval: 'month' | 'year'): number {
  const date = new Date(fromMs);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
}

export function subscriptionItem(
  subscriptionId: string,
  price: Stripe.Price,
  period: { start: number; end: number },
  nowMs: number,
): Stripe.SubscriptionItem {
  return {
    id: stripeId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: seconds(nowMs),
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planObject(price),
    price,
    quantity: 1,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

export function listOf<T>(data: T[], url: string, hasMore = false): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

export function subscriptionObject(input: {
  customer: string;
  price: Stripe.Price;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  cancelAtPeriodEnd: boolean;
  nowMs: number;
}): Stripe.Subscription {
  const id = stripeId('sub');
  const start = seconds(input.nowMs);
  const end = seconds(periodEnd(input.nowMs, input.price.recurring!.interval as 'month' | 'year'));
  const item = subscriptionItem(id, input.price, { start, end }, input.nowMs);
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: input.cancelAtPeriodEnd ? end : null,
    cancel_at_period_end: input.cancelAtPeriodEnd,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: input.price.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: listOf([item], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  };
}
