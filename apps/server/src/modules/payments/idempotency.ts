import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY } from '@caravanserai/api';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/database.js';
import { fieldError } from '../../errors.js';

/**
 * Idempotency keys for Stripe writes, so a retried request never charges (or saves a card) twice.
 *
 * A key is a hash of what makes two requests the same request:
 * - the user (id and the moment the account was made, so a reset database never reuses keys);
 * - the action and its step (attach, set default, subscribe, ...);
 * - the client's `Idempotency-Key` header when it sends one: the client says which requests are
 *   retries, and a key sent again with other parameters reaches Stripe as the same key, which
 *   Stripe refuses (answered 409 idempotency_key_reused);
 * - otherwise the request's own parameters and a 10-minute window: a double click or a retry
 *   within the window is the same request, the same thing asked for later is a new one;
 * - the state the request starts from where repeating it on purpose must count as new (buying a
 *   tier again after the last subscription of it ended).
 * Stripe keeps a key's result for 24 hours and answers a repeat with the first result.
 */
export const WINDOW_MS = 10 * 60 * 1000;

export interface KeySource {
  user: Pick<UserRow, 'id' | 'created_at'>;
  /** The client's Idempotency-Key, or null. */
  clientKey: string | null;
  nowMs: number;
}

export interface KeyParts {
  /** What was asked (ignored when the client sends its own key, so Stripe sees a reuse). */
  params?: readonly (string | number | null)[];
  /** The state the request starts from. */
  state?: readonly (string | number | null)[];
}

export function requestKey(action: string, source: KeySource, parts: KeyParts = {}): string {
  const salt =
    source.clientKey !== null
      ? ['client', source.clientKey]
      : ['window', Math.floor(source.nowMs / WINDOW_MS), ...(parts.params ?? [])];
  return hashKey(action, [source.user.id, source.user.created_at, ...salt, '|', ...(parts.state ?? [])]);
}

/** The one key of a user's Stripe customer: a user has one customer, however often it is asked for. */
export function customerKey(user: Pick<UserRow, 'id' | 'created_at'>): string {
  return hashKey('customer', [user.id, user.created_at]);
}

function hashKey(action: string, parts: readonly unknown[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([action, ...parts]))
    .digest('base64url');
  return `caravanserai-${action}-${digest}`;
}

/** The client's `Idempotency-Key` header, checked; null when it sent none. */
export function clientKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !IDEMPOTENCY_KEY.test(value))
    throw fieldError(
      'Idempotency-Key',
      'Use 1 to 200 letters, digits, dots, underscores, colons or hyphens.',
    );
  return value;
}
