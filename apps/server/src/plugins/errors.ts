import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldErrors, HttpError } from '../errors.js';
import { reportIfUndeclared } from './route-table.js';

const NON_FIELD = 'non_field_errors';

/** A field-errors map, or {detail, code} (and what an HttpError adds). */
type ErrorBody = FieldErrors | Record<string, unknown>;

/** Writes every failure in the DRF shape and never lets a 5xx reveal its cause. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const [status, body] = answerFor(error, request);
    if (typeof body.code === 'string') reportIfUndeclared(request, body.code);
    return reply.status(status).send(body);
  });
}

function answerFor(error: FastifyError, request: FastifyRequest): [number, ErrorBody] {
  if (error instanceof HttpError) return [error.statusCode, error.body()];

  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path that names nothing that could exist (a NUL in an id, a name no user can have).
    if (error.validationContext === 'params') return [404, { detail: 'Not found.', code: 'not_found' }];
    const fields: FieldErrors = {};
    for (const issue of error.validation) {
      // An item of a list of values is the list's error (`topics`, not `topics.0`), as forms show it.
      const path = issue.instancePath.replace(/^\//, '').replace(/\/\d+$/, '');
      const field = path.replace(/\//g, '.') || NON_FIELD;
      fields[field] = [...(fields[field] ?? []), issue.message ?? 'Invalid value.'];
    }
    return [400, fields];
  }

  const status = error.statusCode ?? 500;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, { detail: 'Request body is too large: the limit is 5 MB.', code: 'too_large' }];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [
        415,
        {
          detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`,
          code: 'unsupported_media_type',
        },
      ];
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return [400, { detail: 'JSON parse error - the body is empty.', code: 'parse_error' }];
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    // The parser's own message quotes the body, which may hold a secret: say only where it broke.
    const at = /position (\d+)/.exec(error.message)?.[1];
    const where = at ? ` (at character ${at})` : '';
    return [400, { detail: `JSON parse error - the body is not valid JSON${where}.`, code: 'parse_error' }];
  }
  if (status === 429) return [429, { detail: error.message, code: 'throttled' }];
  if (status >= 400 && status < 500) return [status, { detail: error.message, code: 'invalid' }];

  request.log.error({ err: error }, 'request failed');
  return [500, { detail: 'A server error occurred.', code: 'server_error' }];
}
