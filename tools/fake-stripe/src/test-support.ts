/** Helpers for the fake's own tests: a fake per test file and the real SDK pointed at it. */

import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFakeStripe } from './server';
import type { FakeStripe, FakeStripeOptions } from './types';

export interface UsedFake {
  readonly fake: FakeStripe;
  /** The official SDK, talking to the fake. */
  readonly stripe: Stripe;
}

/** The official SDK pointed at a fake, with retries off so each call is one request. */
export function sdkFor(fake: Pick<FakeStripe, 'host' | 'port'>, key: string): Stripe {
  return new Stripe(key, {
    host: fake.host,
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/**
 * A fake started before the file's tests, reset after each test and closed after them all. It
 * registers those vitest hooks itself, so call it at module top level and read it inside tests.
 */
export function useFakeStripe(options: FakeStripeOptions = {}): UsedFake {
  let fake: FakeStripe | undefined;
  let stripe: Stripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe(options);
    stripe = sdkFor(fake, fake.secretKey);
  });
  afterEach(() => fake?.reset());
  afterAll(() => fake?.close());
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useFakeStripe: read it inside tests');
    return value;
  };
  return {
    get fake() {
      return ready(fake);
    },
    get stripe() {
      return ready(stripe);
    },
  };
}

/** A customer with a card attached and made the default, as a checkout page would leave it. */
export async function customerWithCard(stripe: Stripe, card = 'pm_card_visa') {
  const customer = await stripe.customers.create({ email: 'amira@example.com' });
  const method = await stripe.paymentMethods.attach(card, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } });
  return { customer, method };
}

/** What a rejected SDK call threw, for assertions on Stripe's error classes and fields. */
export async function failure(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
