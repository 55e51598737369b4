import type { ErrorCode } from '@caravanserai/api';
import { HttpError, NotFound } from '../../errors.js';
import { GatewayError } from './gateway-error.js';

/** A payment failure: the usual `{detail, code}` plus, when Stripe gave one, its `reason`. */
export class PaymentError extends HttpError {
  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    readonly reason?: string,
  ) {
    super(statusCode, code, message);
  }

  override body(): Record<string, unknown> {
    return { ...super.body(), ...(this.reason !== undefined && { reason: this.reason }) };
  }
}

export const CardRefused = (reason: string) =>
  new PaymentError(402, 'card_refused', 'Failed to register payment method.', reason);
export const PaymentFailed = (reason: string) =>
  new PaymentError(402, 'payment_failed', 'Payment failed.', reason);
/** `why`, when given, says what needs the payment method. */
export const PaymentMethodRequired = (why?: string) =>
  new PaymentError(
    400,
    'payment_method_required',
    why ? `Add a payment method first: ${why}.` : 'Add a payment method first.',
  );
export const AlreadySubscribed = (tier: string) =>
  new PaymentError(409, 'already_subscribed', `You already have an active ${tier} subscription.`);
export const KeyReused = () =>
  new PaymentError(
    409,
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  );
export const ProviderFailed = (reason: string) =>
  new PaymentError(
    502,
    'payment_provider_error',
    'The payment provider could not complete the request. Try again later.',
    reason,
  );

/**
 * The answer for a Stripe failure that means nothing more specific where it happened. A `notFound`
 * message is given where the id came from the user (their card, their subscription).
 */
export function fromGateway(error: GatewayError, notFound?: string): HttpError {
  if (error.kind === 'idempotency') return KeyReused();
  if (error.kind === 'not_found' && notFound !== undefined) return NotFound(notFound);
  if (error.kind === 'card') return PaymentFailed(error.reason);
  return ProviderFailed(error.reason);
}

/** Waits for a Stripe call, turning its GatewayError into the HTTP answer `map` picks. */
export async function orFail<T>(
  work: Promise<T>,
  map: (error: GatewayError) => HttpError = (error) => fromGateway(error),
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof GatewayError) throw map(error);
    throw error;
  }
}
