import { MAX_ENTRY_FILES } from '@caravanserai/logbook';
import { z } from 'zod';
import { Id } from './common.js';

/** What an uploaded file is, as read from its bytes (DESIGN 3a). */
export const FILE_KINDS = ['image', 'pdf', 'text'] as const;
export const FileKind = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof FileKind>;

/** The types a file is served as: what its bytes were read as (DESIGN 3a). */
export const FILE_MEDIA_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/json',
] as const;

/** The most files one query may name: what one entry names at most. */
export const MAX_QUERY_FILES = MAX_ENTRY_FILES;

/** `POST /journals/logbooks/{logid}/files/` answers with the stored file. */
export const FileUploaded = z.object({
  file_id: Id,
  name: z.string(),
  media_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  kind: FileKind,
});
export type FileUploaded = z.infer<typeof FileUploaded>;

/** The files a query names, by id; each at most once. */
export const QueryFiles = z
  .array(Id)
  .max(MAX_QUERY_FILES, `Ensure this field has no more than ${MAX_QUERY_FILES} elements.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each file may be named once.');
