import { createHash, randomBytes } from 'node:crypto';

/** A random 40-hex key, as dj-rest-auth clients expect; only its hash is stored. */
export function newToken(): string {
  return randomBytes(20).toString('hex');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
