import type { BackupAccount } from '@caravanserai/api';
import type { FastifyBaseLogger } from 'fastify';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { cleanLine, cleanTitle } from './conversation-check.js';
import {
  type ConversationWriter,
  type JournalFor,
  JournalGone,
  type Outcome,
} from './conversation-writer.js';
import type { ExportReader, ReadItem } from './formats/conversation.js';
import { CutOffError } from './formats/cut-off.js';
import type { ImportJobItem, ImportJobsRepository, JobProgress } from './import-jobs.repository.js';

/** Progress is written after this many conversations, or this long, whichever comes first. */
const FLUSH_EVERY = 100;
const FLUSH_MS = 1000;
/** The most imported and skipped conversations a job lists (each); the counts go on beyond. */
export const MAX_LISTED = 50_000;

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface RunInput {
  jobId: string;
  user: UserRow;
  reader: ExportReader;
  journalFor: JournalFor;
  /** Checked between conversations: the server is stopping. */
  stopping: () => boolean;
  /** Gives the user the settings a backup carries, once all of it was restored. */
  restoreAccount?: (account: BackupAccount) => Promise<void>;
}

/** Why a job ended unfinished because its server process stopped (or stopped answering for it). */
export const STOPPED_DETAIL =
  'The server stopped during the import. Import the file again: what was imported is kept and found again.';

export class Stopped extends Error {}

/** The job's progress could not be written: the database failed, not the file. */
class NotSaved extends Error {}

async function saving(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    throw new NotSaved('the import job could not be written', { cause: error });
  }
}

/**
 * One import job, conversation by conversation: each becomes a logbook (or is found again, grown,
 * or skipped with its reason) in its own short transaction, and the event loop is let go between
 * them, so other users' requests are answered throughout. Only a file that cannot be read to the
 * end (JSON cut off or broken), a journal deleted meanwhile or a database that cannot record the
 * job fails it; what was imported before that stays, and the failure says how much that was.
 */
export async function runImport(
  jobs: ImportJobsRepository,
  writer: ConversationWriter,
  input: RunInput,
  log: FastifyBaseLogger,
): Promise<void> {
  const { jobId, reader } = input;
  const progress: JobProgress = {
    format: reader.format,
    total: 0,
    done: 0,
    duplicates: 0,
    updated: 0,
    imported_count: 0,
    skipped_count: 0,
  };
  // Conversations stored by this job (new logbooks and grown ones), however many are listed.
  let stored = 0;
  let pending: ImportJobItem[] = [];
  let seq = 0;
  let flushedAt = Date.now();
  let flushedDone = 0;
  const list = (item: Omit<ImportJobItem, 'job_id' | 'seq'>) => {
    const listed = item.kind === 'imported' ? progress.imported_count : progress.skipped_count;
    if (listed >= MAX_LISTED) return;
    pending.push({ job_id: jobId, seq: seq++, ...item });
    if (item.kind === 'imported') progress.imported_count++;
    else progress.skipped_count++;
  };
  const flush = async () => {
    const items = pending;
    pending = [];
    await saving(() => jobs.progress(jobId, progress, items, now()));
    flushedAt = Date.now();
    flushedDone = progress.done;
  };
  const record = (item: ReadItem, outcome: Outcome) => {
    const source = 'conversation' in item ? item.conversation : item.skipped;
    const source_id = cleanLine(source.source_id, 300);
    const title = cleanTitle(source.title, source_id || 'Untitled');
    if (outcome.kind === 'imported' || outcome.kind === 'updated') stored++;
    if (outcome.kind === 'imported')
      list({ kind: 'imported', source_id, title: outcome.title, logid: outcome.logid, reason: null });
    else if (outcome.kind === 'skipped')
      list({ kind: 'skipped', source_id, title, logid: null, reason: cleanLine(outcome.reason) });
    else if (outcome.kind === 'duplicate') progress.duplicates++;
    else progress.updated++;
    progress.done++;
  };

  try {
    for await (const item of reader.items()) {
      if (input.stopping()) throw new Stopped();
      progress.total++;
      record(item, await writeOne(writer, input, item, log));
      if (progress.done - flushedDone >= FLUSH_EVERY || Date.now() - flushedAt >= FLUSH_MS) await flush();
      await yieldToOthers();
    }
    await flush();
    const account = reader.account?.();
    if (account && input.restoreAccount) await saving(() => input.restoreAccount!(account));
    await saving(() => jobs.finish(jobId, 'done', null, now()));
  } catch (error) {
    const detail = failureDetail(error, stored);
    if (!(error instanceof Stopped)) log.warn({ err: error, jobId }, 'import failed');
    await flush().catch(() => {});
    await jobs.finish(jobId, 'failed', detail, now());
  }
}

/** One conversation; a failure of its own is its reason to be skipped, never the job's end. */
async function writeOne(
  writer: ConversationWriter,
  input: RunInput,
  item: ReadItem,
  log: FastifyBaseLogger,
): Promise<Outcome> {
  if ('skipped' in item) return { kind: 'skipped', reason: item.skipped.reason };
  try {
    return await writer.write(input.user, item.conversation, {
      journalFor: input.journalFor,
      format: input.reader.format,
    });
  } catch (error) {
    // The journal is gone for every conversation after this one too: the job's end, said once.
    if (error instanceof JournalGone) throw error;
    log.error({ err: error, jobId: input.jobId }, 'an imported conversation could not be stored');
    return { kind: 'skipped', reason: 'It could not be stored.' };
  }
}

/** Why the job failed, in the words its owner reads; `stored`: conversations it stored before. */
function failureDetail(error: unknown, stored: number): string {
  if (error instanceof Stopped) return STOPPED_DETAIL;
  if (error instanceof CutOffError) return `${error.message}${storedBeforeCut(stored)}`;
  if (error instanceof JournalGone) return `${error.message} What was imported before is kept.`;
  if (error instanceof NotSaved) return 'The import could not be saved. What was imported before is kept.';
  return `The file could not be read to the end: ${readerReason(error)}`;
}

/** What a cut-off file left imported: kept, and a whole file imported again adds only the rest. */
function storedBeforeCut(stored: number): string {
  if (stored === 0) return '';
  const conversations = stored === 1 ? '1 conversation was' : `${stored} conversations were`;
  return ` ${conversations} imported before the cut and ${stored === 1 ? 'is' : 'are'} kept; importing the whole file again adds only what is missing.`;
}

/** A reader's words on why the file broke; a system or database error's own text stays in the log. */
function readerReason(error: unknown): string {
  const systemError = typeof error === 'object' && error !== null && 'code' in error;
  if (!(error instanceof Error) || systemError) return 'it could not be read.';
  return cleanLine(error.message, 500);
}
