import { z } from 'zod';
import { defineRoute, file, multipartBody } from '../route.js';
import { Id } from '../schemas/common.js';
import { ImportJob, ImportStarted } from '../schemas/imports.js';
import { SearchQuery, SearchResults } from '../schemas/search.js';

const UPLOAD_ERRORS = ['not_authenticated', 'invalid', 'too_large', 'parse_error', 'conflict'] as const;

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

/** Backup: everything a user owns as one zip, and restoring one (an import job). */
export const backupRoutes = {
  /** `manifest.json` plus one XML per logbook. */
  download: defineRoute({
    method: 'GET',
    path: '/export/',
    response: { 200: file('application/zip') },
    errors: ['not_authenticated'],
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/export/restore/',
    body: multipartBody,
    response: { 202: ImportStarted },
    errors: UPLOAD_ERRORS,
  }),
};

export const searchRoutes = {
  /** Entries of the caller's own logbooks matching the words, best first. */
  find: defineRoute({
    method: 'GET',
    path: '/search/',
    query: SearchQuery,
    response: { 200: SearchResults },
    errors: ['not_authenticated', 'invalid'],
  }),
};
