import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@caravanserai/api';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Random characters after the prefix: 40 of 62 kinds, about 238 bits. */
const SECRET_LENGTH = 40;
/** How many of them the key's listed prefix shows (not enough to guess the rest). */
const SHOWN = 6;

const SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${SECRET_LENGTH}}$`);

/**
 * A new personal API key: `cvs_` and 40 letters and digits (whole-word selectable, and easy for
 * secret scanners to recognise), with the part shown in lists.
 */
export function newApiKey(): { key: string; prefix: string } {
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    for (const b of randomBytes(SECRET_LENGTH * 2)) {
      // 248 is the largest multiple of 62 below 256: rejecting above it keeps the choice unbiased.
      if (b < 248 && secret.length < SECRET_LENGTH) secret += ALPHABET[b % 62];
    }
  }
  const key = `${API_KEY_PREFIX}${secret}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + SHOWN) };
}

/** Whether a credential is a personal API key rather than a sign-in token (40 hex digits). */
export function looksLikeApiKey(credential: string): boolean {
  return credential.startsWith(API_KEY_PREFIX);
}

/** Whether it has a key's exact shape: anything else is refused without a database read. */
export function wellFormedApiKey(credential: string): boolean {
  return SHAPE.test(credential);
}
