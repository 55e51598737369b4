import type { BillingInterval, StripeSettings, Tier } from '../../stripe-settings.js';

/** The configured prices: which to charge for a tier and interval, and what a price is. */
export class PriceBook {
  private readonly byId = new Map<string, { tier: Tier; interval: BillingInterval }>();

  constructor(private readonly prices: StripeSettings['prices']) {
    for (const tier of ['Merchant', 'Sultan'] as const) {
      for (const interval of ['month', 'year'] as const)
        this.byId.set(prices[tier][interval], { tier, interval });
    }
  }

  priceFor(tier: Tier, interval: BillingInterval): string {
    return this.prices[tier][interval];
  }

  lookup(priceId: string): { tier: Tier; interval: BillingInterval } | null {
    return this.byId.get(priceId) ?? null;
  }
}
