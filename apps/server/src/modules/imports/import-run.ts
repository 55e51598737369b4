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
import {
  type ImportJobItem,
  type ImportJobsRepository,
  type JobProgress,
  LostClaim,
  NO_PROGRESS,
} from './import-jobs.repository.js';
import type { Mark } from './import-targets.repository.js';

/** Progress is written after this many conversations, or this long, whichever comes first. */
const FLUSH_EVERY = 100;
const FLUSH_MS = 1000;
/** The most imported and skipped conversations a job lists (each); the counts go on beyond. */
export const MAX_LISTED = 50_000;

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Where a job's troubles are logged. */
export type ImportLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export interface RunInput {
  jobId: string;
  user: UserRow;
  reader: ExportReader;
  journalFor: JournalFor;
  /** Checked between conversations: the server is stopping. */
  stopping: () => boolean;
  /** Gives the user the settings a backup carries, once all of it was restored. */
  restoreAccount?: ((account: BackupAccount) => Promise<void>) | undefined;
  /**
   * The process holding the job in the queue: what this run writes counts only while it still
   * does, and stopping hands the job back (progress written, lease let go) instead of failing it.
   */
  claim?: string;
  /** Where earlier runs of the job got to: this run goes on from there. */
  from?: Resume;
}

/** How far a job got before its run stopped, and what it wrote past that point. */
export interface Resume {
  /** The counts last written: the first `done` conversations of the file are behind it. */
  progress: JobProgress;
  /** The logbook an earlier run wrote for the conversation at a place in the file, if one did. */
  markOf?: ((item: number) => Promise<Mark | undefined>) | undefined;
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
  log: ImportLog,
): Promise<void> {
  const { jobId, reader, claim, from } = input;
  const progress: JobProgress = {
    ...NO_PROGRESS,
    ...from?.progress,
    format: reader.format,
  };
  // Conversations stored by this job (new logbooks and grown ones), however many are listed.
  let stored = progress.imported_count + progress.updated;
  let pending: ImportJobItem[] = [];
  // Items are numbered on from those listed before.
  let seq = progress.imported_count + progress.skipped_count;
  let flushedAt = Date.now();
  let flushedDone = progress.done;
  // The conversations earlier runs counted are read again (the file is read from its start) but not written.
  const behind = progress.done;
  let place = 0;
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
    await saving(() => jobs.progress(jobId, progress, items, now(), claim));
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
    for await (const read of reader.items()) {
      if (input.stopping()) throw new Stopped();
      const at = place++;
      if (at < behind) continue;
      progress.total++;
      record(read, await writeOne(writer, input, read, at, log));
      if (progress.done - flushedDone >= FLUSH_EVERY || Date.now() - flushedAt >= FLUSH_MS) await flush();
      await yieldToOthers();
    }
    await flush();
    // Given again by a run taken over after giving it: the same settings, so no harm.
    const account = reader.account?.();
    if (account && input.restoreAccount) await saving(() => input.restoreAccount!(account));
    await saving(() => jobs.finish(jobId, 'done', null, now(), claim));
  } catch (error) {
    if (lost(error)) return;
    if (error instanceof Stopped && claim !== undefined) {
      // Handed back: another process goes on from what is written here.
      await jobs.handBack(jobId, progress, pending, now(), claim).catch(() => {});
      return;
    }
    const detail = failureDetail(error, stored);
    if (!(error instanceof Stopped)) log.warn({ err: error, jobId }, 'import failed');
    await flush().catch(() => {});
    await jobs.finish(jobId, 'failed', detail, now(), claim).catch((failed: unknown) => {
      if (!lost(failed)) throw failed;
    });
  }
}

/** The job was taken over by another process: this run writes nothing more. */
function lost(error: unknown): boolean {
  return error instanceof LostClaim || (error instanceof NotSaved && error.cause instanceof LostClaim);
}

/** One conversation; a failure of its own is its reason to be skipped, never the job's end. */
async function writeOne(
  writer: ConversationWriter,
  input: RunInput,
  read: ReadItem,
  item: number,
  log: ImportLog,
): Promise<Outcome> {
  if ('skipped' in read) return { kind: 'skipped', reason: read.skipped.reason };
  try {
    return await writer.write(input.user, read.conversation, {
      journalFor: input.journalFor,
      format: input.reader.format,
      job:
        input.claim === undefined ? undefined : { id: input.jobId, item, earlier: earlierMark(input, item) },
    });
  } catch (error) {
    // The journal is gone for every conversation after this one too: the job's end, said once; and
    // a job taken over is this run's end.
    if (error instanceof JournalGone || error instanceof LostClaim) throw error;
    log.error({ err: error, jobId: input.jobId }, 'an imported conversation could not be stored');
    return { kind: 'skipped', reason: 'It could not be stored.' };
  }
}

/** How the run asks for what an earlier run of the job wrote for the conversation at `item`. */
function earlierMark(input: RunInput, item: number) {
  const markOf = input.from?.markOf;
  return markOf && (() => markOf(item));
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
