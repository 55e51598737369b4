/**
 * Every `code` the server puts in an error body, in one place: clients decide by code, never by
 * matching status numbers or message texts.
 */
export const ERROR_CODES = [
  'invalid',
  'parse_error',
  'not_authenticated',
  'authentication_failed',
  'permission_denied',
  'not_found',
  'conflict',
  'gone',
  'salted',
  'not_salted',
  'stale_version',
  'cancelled',
  'well_in_use',
  'too_large',
  'unsupported_media_type',
  'throttled',
  'provider_error',
  'policy_model',
  'quota_exceeded',
  'policy_personal_wells',
  'not_built',
  'not_configured',
  'card_refused',
  'payment_failed',
  'payment_method_required',
  'already_subscribed',
  'idempotency_key_reused',
  'payment_provider_error',
  'server_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
