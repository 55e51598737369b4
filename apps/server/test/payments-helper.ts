import type { ApiClient, Subscription } from '@caravanserai/api';
import { pathOf, routes } from '@caravanserai/api';
import { type FakeStripe, type FakeStripeOptions, startFakeStripe } from '@caravanserai/fake-stripe';
import { type SignedIn, stripeSettingsFor, type UsedServer, useServer } from '@caravanserai/test-kit';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config.js';
import type { StripeSettings } from '../src/stripe-settings.js';

export interface PaymentsOptions<U extends string> {
  users: readonly U[];
  /** Options of the fake Stripe. */
  fake?: FakeStripeOptions;
  /** Stripe settings of the server on top of the fake's (a wrong key, say). */
  stripe?: (fake: FakeStripe) => Partial<StripeSettings>;
  /** Send the fake's events to the server's webhook as they happen (the default). */
  webhooks?: boolean;
}

export type PaymentsServer<U extends string> = UsedServer<U> & { readonly stripe: FakeStripe };

/**
 * A server with payments on, talking to a fake Stripe started before it, whose events go to the
 * server's webhook. Registers its hooks itself: call it at module top level.
 */
export function usePayments<const U extends string>(options: PaymentsOptions<U>): PaymentsServer<U> {
  let fake: FakeStripe | undefined;
  const ready = (): FakeStripe => {
    if (!fake) throw new Error('usePayments: read it inside tests');
    return fake;
  };
  beforeAll(async () => {
    fake = await startFakeStripe(options.fake);
  });
  const overrides = (): Partial<Config> => ({
    paymentsEnabled: true,
    stripePublishableKey: 'pk_test_fake',
    stripe: { ...stripeSettingsFor(ready()), ...options.stripe?.(ready()) },
  });
  const t = useServer({ users: options.users, overrides });
  beforeAll(() => {
    if (options.webhooks !== false)
      ready().setWebhookUrl(`${t.server.baseUrl}${pathOf(routes.paymentWebhooks.receive)}`);
  });
  afterAll(async () => {
    await fake?.webhooksSettled();
    await fake?.close();
  });
  Object.defineProperty(t, 'stripe', { get: ready });
  return t as PaymentsServer<U>;
}

/** Saves a test card for the user (the customer is made on the way); answers its payment_key. */
export async function addCard(user: SignedIn, card = 'pm_card_visa'): Promise<string> {
  const saved = await user.client.payments.addCard(user.username, { payment_method_id: card });
  return saved.payment_key;
}

/** Buys a tier at the configured price (the spec's "000" placeholder). */
export function subscribe(
  client: ApiClient,
  type: 'merchant' | 'sultan',
  interval: 'month' | 'year' = 'month',
  idempotencyKey?: string,
): Promise<Subscription> {
  return client.payments.subscribe(
    { price_id: '000', subscription_type: type, interval },
    idempotencyKey ? { idempotencyKey } : {},
  );
}

export async function roleOf(user: SignedIn): Promise<string> {
  return (await user.client.profiles.get(user.username)).role;
}
