import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldErrors, HttpError } from '../errors.js';

const NON_FIELD = 'non_field_errors';

/** Writes every failure in the DRF shape and never lets a 5xx reveal its cause. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body());

    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that names nothing that could exist (a NUL in an id, a name no user can have).
      if (error.validationContext === 'params') {
        return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
      }
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || NON_FIELD;
        fields[field] = [...(fields[field] ?? []), issue.message ?? 'Invalid value.'];
      }
      return reply.status(400).send(fields);
    }

    const status = error.statusCode ?? 500;
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply
          .status(413)
          .send({ detail: 'Request body is too large: the limit is 5 MB.', code: 'too_large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({
          detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`,
          code: 'unsupported_media_type',
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply
          .status(400)
          .send({ detail: 'JSON parse error - the body is empty.', code: 'parse_error' });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      // The parser's own message quotes the body, which may hold a secret: say only where it broke.
      const at = /position (\d+)/.exec(error.message)?.[1];
      const where = at ? ` (at character ${at})` : '';
      return reply
        .status(400)
        .send({ detail: `JSON parse error - the body is not valid JSON${where}.`, code: 'parse_error' });
    }
    if (status === 429) return reply.status(429).send({ detail: error.message, code: 'throttled' });
    if (status >= 400 && status < 500)
      return reply.status(status).send({ detail: error.message, code: 'invalid' });

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'A server error occurred.', code: 'server_error' });
  });
}
