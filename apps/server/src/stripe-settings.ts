import type { Env } from './env.js';

export type Tier = 'Merchant' | 'Sultan';
export type BillingInterval = 'month' | 'year';

/** What the server needs to take payments through Stripe; present only with payments on. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its requests instead of Stripe (STRIPE_API_BASE: tests); null for Stripe. */
  apiBase: { protocol: 'http' | 'https'; host: string; port: number } | null;
  /** The configured Stripe price of each tier and interval. */
  prices: Record<Tier, Record<BillingInterval, string>>;
}

/**
 * Reads the payment settings. env.ts has already refused to start with payments on and one of
 * them missing, so here they are all present whenever payments are on.
 */
export function loadStripeSettings(env: Env): StripeSettings | null {
  if (!env.PAYMENTS_ENABLED) return null;
  const need = (value: string | undefined) => value ?? '';
  return {
    secretKey: need(env.STRIPE_SECRET_KEY),
    webhookSecret: need(env.STRIPE_WEBHOOK_SECRET),
    apiBase: env.STRIPE_API_BASE ? parseApiBase(env.STRIPE_API_BASE) : null,
    prices: {
      Merchant: { month: need(env.STRIPE_PRICE_MERCHANT_MONTH), year: need(env.STRIPE_PRICE_MERCHANT_YEAR) },
      Sultan: { month: need(env.STRIPE_PRICE_SULTAN_MONTH), year: need(env.STRIPE_PRICE_SULTAN_YEAR) },
    },
  };
}

export function parseApiBase(base: string): NonNullable<StripeSettings['apiBase']> {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { protocol, host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}
