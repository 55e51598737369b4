import { z } from 'zod';
import { Id, IsoDate } from './common.js';
import { Line } from './text.js';

/** Import, search and backup: bringing chats in, finding anything, taking everything out. */

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

/** `GET /search/` query parameters, validated like every other input. */
export const SearchQuery = z.object({
  q: Line().max(500, 'Ensure this field has no more than 500 characters.'),
  /** One of the logbook's tags (context, comment, query, mirage, gen, code, shell, command). */
  tag: z.enum(['context', 'comment', 'query', 'mirage', 'gen', 'code', 'shell', 'command']).optional(),
  journal: Id.optional(),
  well: Id.optional(),
  limit: z.coerce
    .number()
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(100, 'Ensure this value is less than or equal to 100.')
    .default(20),
  offset: z.coerce
    .number()
    .int('A valid integer is required.')
    .min(0, 'Ensure this value is greater than or equal to 0.')
    .max(10000, 'Ensure this value is less than or equal to 10000.')
    .default(0),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const SearchResult = z.object({
  logid: Id,
  title: z.string(),
  /** The logbook's journal; null for a logbook in none (its journal was deleted, or a fork). */
  jid: Id.nullable(),
  /** The entry's index in its logbook's log. */
  index: z.number().int(),
  tag: z.string(),
  /** Entry text around the hit; the hit is wrapped in [[ and ]]. */
  snippet: z.string(),
  created_at: IsoDate,
});
export type SearchResult = z.infer<typeof SearchResult>;

/**
 * Ranked, best first. Only the newest 1,000 matching entries are ranked and paged through, so a
 * word found in most of a large archive answers as fast as a rare one: `count` is the number of
 * matches up to 1,000 (1,000 means "1,000 or more"), and an offset past it finds nothing.
 */
export const SearchResults = z.object({ count: z.number().int(), results: z.array(SearchResult) });
export type SearchResults = z.infer<typeof SearchResults>;

/** Marks around a hit in a snippet; clients render them as highlights. */
export const SNIPPET_OPEN = '[[';
export const SNIPPET_CLOSE = ']]';

export const BackupLogbook = z.object({
  logid: Id,
  title: z.string(),
  description: z.string(),
  private: z.boolean(),
  salted: z.boolean(),
  forked: z.boolean(),
  /** Where its XML is in the zip: `<jid>/<logid>.xml`. */
  path: z.string(),
});
export const BackupJournal = z.object({ jid: Id, title: z.string(), logbooks: z.array(BackupLogbook) });
/** `manifest.json` of a backup zip (`GET /export/`). */
export const BackupManifest = z.object({
  format: z.literal('caravanserai-backup'),
  version: z.number().int(),
  exported_at: IsoDate,
  username: z.string(),
  journals: z.array(BackupJournal),
});
export type BackupManifest = z.infer<typeof BackupManifest>;
export const BACKUP_VERSION = 1;
