import { defineRoute, file, multipartBody } from '../route.js';
import { ImportStarted } from '../schemas/imports.js';
import { UPLOAD_ERRORS } from './imports.js';

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
