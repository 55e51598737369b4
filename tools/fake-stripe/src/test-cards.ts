import type { Decline } from './errors';

/** A test card as Stripe's test mode describes it, and how it behaves. */
export interface TestCard {
  brand: string;
  last4: string;
  funding: 'credit' | 'debit';
  country: string;
  /** Refused when attached to a customer (the card check fails). */
  attachDecline?: Decline;
  /** Attaches, but every charge is refused. */
  chargeDecline?: Decline;
}

const GENERIC: Decline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const INSUFFICIENT: Decline = {
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};
const EXPIRED: Decline = {
  code: 'expired_card',
  decline_code: 'expired_card',
  message: 'Your card has expired.',
};
const CVC: Decline = {
  code: 'incorrect_cvc',
  decline_code: 'incorrect_cvc',
  message: "Your card's security code is incorrect.",
};

/**
 * The test PaymentMethod ids of Stripe's test mode. Attaching one gives a new PaymentMethod with a
 * new id each time, as Stripe does; the id itself never names a stored object.
 */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', funding: 'credit', country: 'US' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', funding: 'debit', country: 'US' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', funding: 'credit', country: 'US' },
  pm_card_amex: { brand: 'amex', last4: '8431', funding: 'credit', country: 'US' },
  pm_card_discover: { brand: 'discover', last4: '1117', funding: 'credit', country: 'US' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    funding: 'credit',
    country: 'US',
    attachDecline: GENERIC,
  },
  pm_card_visa_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    funding: 'credit',
    country: 'US',
    attachDecline: GENERIC,
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    funding: 'credit',
    country: 'US',
    attachDecline: INSUFFICIENT,
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    funding: 'credit',
    country: 'US',
    attachDecline: EXPIRED,
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    funding: 'credit',
    country: 'US',
    attachDecline: CVC,
  },
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    funding: 'credit',
    country: 'US',
    chargeDecline: GENERIC,
  },
};

export function testCard(id: string): TestCard | undefined {
  return Object.hasOwn(TEST_CARDS, id) ? TEST_CARDS[id] : undefined;
}

/** Test cards expire in December a few years ahead, so they never run out during a test. */
export function testExpiry(nowMs: number): { exp_month: number; exp_year: number } {
  return { exp_month: 12, exp_year: new Date(nowMs).getUTCFullYear() + 3 };
}
