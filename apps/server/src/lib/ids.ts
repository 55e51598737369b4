import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A 12-character random id (62 bits): short in URLs, not guessable, the same in both dialects. */
export function newId(length = 12): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    // 252 is the largest multiple of 36 below 256: rejecting above it keeps the choice unbiased.
    if (b < 252) out += ALPHABET[b % 36];
  }
  return out.length === length ? out : newId(length);
}
