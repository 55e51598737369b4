import { z } from 'zod';
import { Id } from './common.js';

/** Import: bringing conversations in from other chat apps' exports, or our own files, as a job. */

/** The formats an import recognises from a file's content. */
export const IMPORT_FORMATS = [
  'chatgpt',
  'claude',
  'open-webui',
  'librechat',
  'caravanserai-xml',
  'caravanserai-json',
  'caravanserai-backup',
] as const;
export const ImportFormat = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof ImportFormat>;

export const ImportStarted = z.object({ job_id: Id });
export type ImportStarted = z.infer<typeof ImportStarted>;

export const ImportedConversation = z.object({ logid: Id, title: z.string(), source_id: z.string() });
export type ImportedConversation = z.infer<typeof ImportedConversation>;

export const SkippedConversation = z.object({
  source_id: z.string(),
  title: z.string(),
  reason: z.string(),
});
export type SkippedConversation = z.infer<typeof SkippedConversation>;

/** `GET /import/{job_id}/`. `format` is null until the file's format is known. */
export const ImportJob = z.object({
  job_id: Id,
  status: z.enum(['running', 'done', 'failed']),
  format: ImportFormat.nullable(),
  /** Conversations found so far (the whole file's once it is read). */
  total: z.number().int(),
  /** Conversations handled so far: imported, updated, duplicates and skipped. */
  done: z.number().int(),
  /** Filled once the job has ended: empty while it runs (the counts show its progress). */
  imported: z.array(ImportedConversation),
  /** Filled once the job has ended: empty while it runs. */
  skipped: z.array(SkippedConversation),
  duplicates: z.number().int(),
  updated: z.number().int(),
  /** Why a failed job failed, in words (absent while running or done). */
  detail: z.string().optional(),
});
export type ImportJob = z.infer<typeof ImportJob>;
