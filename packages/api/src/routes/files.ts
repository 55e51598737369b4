import { z } from 'zod';
import { defineRoute, file, multipartBody } from '../route.js';
import { Id } from '../schemas/common.js';
import { FILE_MEDIA_TYPES, FileUploaded } from '../schemas/files.js';

/** Files a query carries (DESIGN 3a): uploaded to a logbook, read back by whoever may read it. */
export const fileRoutes = {
  /** Multipart: one field `file`. */
  upload: defineRoute({
    method: 'POST',
    path: '/journals/logbooks/:logid/files/',
    params: z.object({ logid: Id }),
    body: multipartBody,
    response: { 201: FileUploaded },
    errors: [
      'not_authenticated',
      'invalid',
      'not_found',
      'permission_denied',
      'salted',
      'too_large',
      'unsupported_media_type',
      'parse_error',
      'throttled',
    ],
  }),
  /**
   * The bytes, typed as read; images inline, everything else as an attachment. Its `ETag` is the
   * content's sha256: `If-None-Match` with it answers 304 without the bytes.
   */
  get: defineRoute({
    method: 'GET',
    path: '/files/:file_id/',
    params: z.object({ file_id: Id }),
    response: { 200: file(FILE_MEDIA_TYPES.join(', ')) },
    errors: ['not_authenticated', 'not_found'],
  }),
};
