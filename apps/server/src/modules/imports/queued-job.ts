import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupAccount } from '@caravanserai/api';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { JournalsRepository } from '../journals/journals.repository.js';
import type { ConversationWriter } from './conversation-writer.js';
import type { ExportReader } from './formats/conversation.js';
import {
  type ImportJobRow,
  type ImportJobsRepository,
  type JobProgress,
  LostClaim,
} from './import-jobs.repository.js';
import { journalChooser } from './import-journals.js';
import type { ImportQueueRepository } from './import-queue.repository.js';
import { type ImportLog, runImport } from './import-run.js';
import type { ImportTargetsRepository } from './import-targets.repository.js';
import type { ImportUploadsRepository } from './import-uploads.repository.js';
import { restoreChunks, UploadLost } from './upload-chunks.js';

export type OpenExport = (filePath: string, options: { fileName?: string }) => Promise<ExportReader>;

/**
 * A job that ended its runs this many times without handing itself back (its process died, or
 * lost the job) is failed rather than taken again: it may be what kills them.
 */
const MAX_UNFINISHED_RUNS = 5;

export const INTERRUPTED_DETAIL =
  'The import was interrupted too many times. Import the file again: what was imported is kept and found again.';

/** What running a queued job needs. */
export interface QueuedJobRunner {
  jobs: ImportJobsRepository;
  uploads: ImportUploadsRepository;
  queue: ImportQueueRepository;
  targets: ImportTargetsRepository;
  writer: ConversationWriter;
  journals: JournalsRepository;
  open: OpenExport;
  /** Where the upload is written back to while the job runs here. */
  dir: string;
  /** Gives a restore's owner the settings the backup carries. */
  restoreAccount: (user: UserRow, account: BackupAccount) => Promise<void>;
  log: ImportLog;
}

/** The counts a job's row holds: where the next run goes on from. */
function progressOf(job: ImportJobRow): JobProgress {
  return {
    total: job.total,
    done: job.done,
    duplicates: job.duplicates,
    updated: job.updated,
    imported_count: job.imported_count,
    skipped_count: job.skipped_count,
  };
}

function journalsOf(job: ImportJobRow): Record<string, string> {
  try {
    const made: unknown = JSON.parse(job.made_journals ?? '{}');
    return typeof made === 'object' && made !== null ? (made as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Runs a job this process claimed (`claim`): its upload is written back from the database to a
 * file of its own here, read again from the start, and imported from where earlier runs got to.
 * A run that cannot begin for a passing reason (the database, this machine's disk) leaves the job
 * to its lease, which runs out and lets another process (or this one) try again.
 */
export async function runQueuedJob(
  runner: QueuedJobRunner,
  job: ImportJobRow,
  claim: string,
  stopping: () => boolean,
): Promise<void> {
  const { jobs, log } = runner;
  const jobId = job.job_id;
  if (job.attempts > MAX_UNFINISHED_RUNS) {
    // As in a run: a claim lost meanwhile leaves the job to whoever holds it now.
    await jobs.finish(jobId, 'failed', INTERRUPTED_DETAIL, now(), claim).catch((error: unknown) => {
      if (!(error instanceof LostClaim)) throw error;
    });
    return;
  }
  const path = join(runner.dir, `${jobId}-${newId(6)}.run`);
  let reader: ExportReader | undefined;
  try {
    const user = await runner.queue.owner(job.user_id);
    // A deleted user's jobs go with them.
    if (!user) return;
    await mkdir(runner.dir, { recursive: true, mode: 0o700 });
    await restoreChunks(runner.uploads, jobId, path, job.upload_size ?? 0);
    if (stopping()) {
      await jobs.handBack(jobId, progressOf(job), [], now(), claim);
      return;
    }
    try {
      reader = await runner.open(path, job.upload_name === null ? {} : { fileName: job.upload_name });
    } catch {
      // It was read when it was accepted: it is not what it was.
      throw new UploadLost();
    }
    // Only a job taken before may have marks: what its earlier runs wrote past their progress.
    const markOf = job.attempts > 1 ? (item: number) => runner.targets.markOf(jobId, item) : undefined;
    await runImport(
      jobs,
      runner.writer,
      {
        jobId,
        user,
        reader,
        journalFor: journalChooser(runner.journals, user, job.journal, reader.format, {
          known: journalsOf(job),
          keep: (made) => jobs.madeJournals(jobId, made, claim),
        }),
        stopping,
        restoreAccount: job.restore ? (account) => runner.restoreAccount(user, account) : undefined,
        claim,
        from: { progress: progressOf(job), markOf },
      },
      log,
    );
  } catch (error) {
    if (error instanceof LostClaim) return;
    if (error instanceof UploadLost) {
      await jobs.finish(jobId, 'failed', error.message, now(), claim).catch(() => {});
      return;
    }
    log.error(
      { err: error, jobId },
      'an import job could not start here; it is tried again once its lease ends',
    );
  } finally {
    await reader?.close().catch(() => {});
    await rm(path, { force: true }).catch(() => {});
  }
}
