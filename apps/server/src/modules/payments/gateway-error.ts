import { scrubSecret } from '../../lib/scrub-secret.js';

/**
 * How a Stripe call failed, in the terms the services decide by:
 * - card: the card or the charge was refused (a card_error);
 * - not_found: an id Stripe does not know;
 * - invalid: Stripe refused the request otherwise;
 * - idempotency: an idempotency key reused with other parameters;
 * - unavailable: Stripe could not be reached, failed, refused our key, or sent an unusable answer.
 */
export type GatewayFailure = 'card' | 'not_found' | 'invalid' | 'idempotency' | 'unavailable';

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    readonly kind: GatewayFailure,
    /** Stripe's words, fit to show: secrets removed, one line, bounded. */
    readonly reason: string,
    readonly code: string | null = null,
  ) {
    super(reason);
  }
}

const MAX_REASON = 300;

/** Stripe's message made safe to show: no secret of ours, no control characters, not too long. */
export function safeReason(message: string, secrets: readonly string[]): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
  let text = message.replace(/[\u0000-\u001F\u007F]+/g, ' ').trim();
  for (const secret of secrets) text = scrubSecret(text, secret);
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text || 'No reason given.';
}

/**
 * The SDK's error classes are told apart by their `type` (its class name), so this file does not
 * load the SDK, which is loaded only once payments are used.
 */
export function toGatewayError(error: unknown, secrets: readonly string[]): GatewayError {
  if (error instanceof GatewayError) return error;
  const sdk = sdkError(error);
  if (!sdk) return new GatewayError('unavailable', safeReason(String(error), secrets));
  const reason = safeReason(sdk.message, secrets);
  const code = typeof sdk.code === 'string' ? sdk.code.slice(0, 64) : null;
  switch (sdk.type) {
    case 'StripeCardError':
      return new GatewayError('card', reason, code);
    case 'StripeIdempotencyError':
      return new GatewayError('idempotency', reason, code);
    case 'StripeInvalidRequestError': {
      const missing = sdk.statusCode === 404 || code === 'resource_missing';
      return new GatewayError(missing ? 'not_found' : 'invalid', reason, code);
    }
    default:
      return new GatewayError('unavailable', reason, code);
  }
}

interface SdkError {
  type: string;
  message: string;
  code?: unknown;
  statusCode?: unknown;
}

function sdkError(error: unknown): SdkError | null {
  if (!(error instanceof Error)) return null;
  const { type } = error as Error & { type?: unknown };
  return typeof type === 'string' && type.startsWith('Stripe') ? (error as Error & SdkError) : null;
}
