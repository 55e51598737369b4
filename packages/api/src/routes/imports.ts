import { z } from 'zod';
import { defineRoute, multipartBody } from '../route.js';
import { Id } from '../schemas/common.js';
import { ImportJob, ImportStarted } from '../schemas/imports.js';

/** What an upload may be refused for. */
export const UPLOAD_ERRORS = [
  'not_authenticated',
  'invalid',
  'too_large',
  'parse_error',
  'conflict',
] as const;

/** Import: conversations from other chat apps' exports, or our own files, as a background job. */
export const importRoutes = {
  /** Multipart: `journal` (optional, before the file), then `file`. */
  start: defineRoute({
    method: 'POST',
    path: '/import/',
    body: multipartBody,
    response: { 202: ImportStarted },
    errors: [...UPLOAD_ERRORS, 'not_found'],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/import/:job_id/',
    params: z.object({ job_id: Id }),
    response: { 200: ImportJob },
    errors: ['not_authenticated', 'not_found'],
  }),
};
