import type { PaymentSource } from '@caravanserai/api';

/** Stripe's brand codes as people know them. */
const BRANDS: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  link: 'Link',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand && brand !== 'unknown' ? brand : 'Card');
}

/** Expiry month and year as printed on the card: 04/2029. */
export function expiryText(card: Pick<PaymentSource, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

/** "Visa ending in 4242", for names read aloud and for confirmations. */
export function cardName(card: Pick<PaymentSource, 'brand' | 'last4'>): string {
  return `${brandName(card.brand)} ending in ${card.last4}`;
}
