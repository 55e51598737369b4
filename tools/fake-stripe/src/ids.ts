import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like Stripe's: a type prefix and 24 letters and digits, e.g. `sub_1PqR...`. */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length * 2);
  let out = '1';
  for (const b of bytes) {
    // 248 is the largest multiple of 62 below 256: rejecting above it keeps the choice unbiased.
    if (b < 248) out += ALPHABET[b % 62];
    if (out.length === length) break;
  }
  return out.length === length ? `${prefix}_${out}` : stripeId(prefix, length);
}

/** Stripe's times are whole seconds since the epoch. */
export const seconds = (ms: number): number => Math.floor(ms / 1000);
