import type { FakeStripe } from '@caravanserai/fake-stripe';
import { FAKE_PRICES } from '@caravanserai/fake-stripe';
import { parseApiBase, type StripeSettings } from '@caravanserai/server';

/** The server's settings for a fake Stripe: its keys, its address and its prices. */
export function stripeSettingsFor(fake: FakeStripe, secretKey = fake.secretKey): StripeSettings {
  return {
    secretKey,
    webhookSecret: fake.webhookSecret,
    apiBase: parseApiBase(fake.url),
    prices: {
      Merchant: { month: FAKE_PRICES.merchant.month, year: FAKE_PRICES.merchant.year },
      Sultan: { month: FAKE_PRICES.sultan.month, year: FAKE_PRICES.sultan.year },
    },
  };
}
