/** The `error` object of a Stripe error response, as its API documents it. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
}

/**
 * A failed request, thrown by an endpoint and written as `{error: {...}}` with its status.
 * `executed` says the endpoint got as far as doing something (a charge attempt): Stripe keeps the
 * result of such a request under its idempotency key, but not of one refused during validation.
 */
export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
    readonly executed = false,
  ) {
    super(error.message);
  }
}

export function invalidRequest(
  message: string,
  extra: { param?: string; code?: string } = {},
): StripeFailure {
  return new StripeFailure(400, { type: 'invalid_request_error', message, ...extra });
}

const LABELS = {
  customer: 'customer',
  payment_method: 'PaymentMethod',
  subscription: 'subscription',
  price: 'price',
  subscription_item: 'subscription item',
  invoice_item: 'invoiceitem',
  invoice: 'invoice',
} as const;
export type ObjectKind = keyof typeof LABELS;

/** An id that names nothing: 404 when it is in the path, 400 when a parameter refers to it. */
export function noSuch(kind: ObjectKind, id: string, param: string, inPath: boolean): StripeFailure {
  return new StripeFailure(inPath ? 404 : 400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${LABELS[kind]}: '${id}'`,
    param,
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  });
}

export function missingParam(param: string): StripeFailure {
  return invalidRequest(`Missing required param: ${param}.`, { param, code: 'parameter_missing' });
}

export function unknownParam(param: string): StripeFailure {
  return invalidRequest(
    `Received unknown parameter: ${param}. Did you mean to use a different parameter name?`,
    { param, code: 'parameter_unknown' },
  );
}

export function invalidParam(param: string, message: string): StripeFailure {
  return invalidRequest(message, { param });
}

export interface Decline {
  code: string;
  decline_code: string;
  message: string;
}

export function cardDeclined(decline: Decline, executed: boolean): StripeFailure {
  return new StripeFailure(
    402,
    {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.decline_code,
      message: decline.message,
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
    },
    executed,
  );
}

export function idempotencyMismatch(key: string): StripeFailure {
  return new StripeFailure(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });
}

export function invalidApiKey(shown: string): StripeFailure {
  return new StripeFailure(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${shown}`,
  });
}
