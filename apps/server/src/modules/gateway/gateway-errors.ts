import type { GatewayError } from '@caravanserai/api';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors.js';

/** A refusal of the gateway's own, already in OpenAI's terms. */
export class GatewayRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly type: string,
    readonly code: string | null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

export const modelNotFound = (model: string) =>
  new GatewayRefusal(
    404,
    `The model \`${model}\` does not exist or you do not have access to it.`,
    'invalid_request_error',
    'model_not_found',
    'model',
  );

export const invalidRequest = (message: string, param: string | null = null) =>
  new GatewayRefusal(400, message, 'invalid_request_error', null, param);

/** The provider failed: its reason is said, with the well's key scrubbed out of it. */
export const providerFailed = (reason: string) =>
  new GatewayRefusal(502, `Error fetching response from AI: ${reason}`, 'api_error', 'provider_error');

export const apiKeyRequired = (message: string) =>
  new GatewayRefusal(401, message, 'invalid_request_error', 'invalid_api_key');

type Answer = [status: number, body: GatewayError];

const body = (
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): GatewayError => ({
  error: { message, type, param, code },
});

/**
 * Every failure at the gateway in OpenAI's error shape, {error: {message, type, param, code}}, as
 * OpenAI's clients read it; a 5xx never reveals its cause. A reached caravan quota is a 429 with
 * OpenAI's `insufficient_quota` body.
 */
export function gatewayErrorAnswer(error: FastifyError | Error, request: FastifyRequest): Answer {
  if (error instanceof GatewayRefusal)
    return [error.statusCode, body(error.message, error.type, error.code, error.param)];
  if (error instanceof HttpError) return fromHttpError(error);
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const issue = fastifyError.validation[0];
    const param = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || null;
    const message = issue?.message ?? 'Invalid request.';
    return [
      400,
      body(param ? `Invalid '${param}': ${message}` : message, 'invalid_request_error', null, param),
    ];
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [
        413,
        body('Request body is too large: the limit is 5 MB.', 'invalid_request_error', 'request_too_large'),
      ];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [
        415,
        body(
          'Send the request as JSON (Content-Type: application/json).',
          'invalid_request_error',
          'unsupported_media_type',
        ),
      ];
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return [
        400,
        body('The request body is empty: send a JSON object.', 'invalid_request_error', 'parse_error'),
      ];
  }
  if (error instanceof SyntaxError || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return [400, body('The request body is not valid JSON.', 'invalid_request_error', 'parse_error')];
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return [429, body(error.message, 'requests', 'rate_limit_exceeded')];
  if (status >= 400 && status < 500) return [status, body(error.message, 'invalid_request_error', null)];
  request.log.error({ err: error }, 'gateway request failed');
  return [500, body('The server had an error while processing your request.', 'server_error', null)];
}

/** The shared services' refusals (access, well choice, caravan admission) in OpenAI's terms. */
function fromHttpError(error: HttpError): Answer {
  switch (error.code) {
    case 'authentication_failed':
    case 'not_authenticated':
      return [401, body(error.message, 'invalid_request_error', 'invalid_api_key')];
    case 'quota_exceeded':
      return [429, body(error.message, 'insufficient_quota', 'insufficient_quota')];
    case 'policy_model':
    case 'policy_personal_wells':
      return [403, body(error.message, 'invalid_request_error', error.code, 'model')];
  }
  if (error.fields) {
    const [param, messages] = Object.entries(error.fields)[0] ?? [null, []];
    return [error.statusCode, body(messages[0] ?? error.message, 'invalid_request_error', null, param)];
  }
  const type = error.statusCode >= 500 ? 'server_error' : 'invalid_request_error';
  return [error.statusCode, body(error.message, type, error.code)];
}
