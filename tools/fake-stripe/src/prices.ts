import type { PriceSpec } from './objects';

/** The product's recurring prices, in cents, by tier and interval. */
export const FAKE_PRICES = {
  merchant: { month: 'price_merchant_month', year: 'price_merchant_year' },
  sultan: { month: 'price_sultan_month', year: 'price_sultan_year' },
} as const;

export const DEFAULT_PRICES: readonly PriceSpec[] = [
  { id: FAKE_PRICES.merchant.month, unit_amount: 120_00, interval: 'month', nickname: 'Merchant monthly' },
  { id: FAKE_PRICES.merchant.year, unit_amount: 1_200_00, interval: 'year', nickname: 'Merchant yearly' },
  { id: FAKE_PRICES.sultan.month, unit_amount: 10_000_00, interval: 'month', nickname: 'Sultan monthly' },
  { id: FAKE_PRICES.sultan.year, unit_amount: 100_000_00, interval: 'year', nickname: 'Sultan yearly' },
];
