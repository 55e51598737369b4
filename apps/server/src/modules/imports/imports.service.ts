import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Id, type ImportFormat, type ImportJob, type ImportStarted } from '@caravanserai/api';
import type { Access } from '../../access/access.js';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { Conflict, fieldError, NotFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { type ExportReader, UnknownFormatError } from './formats/conversation.js';
import { toImportJob } from './import-jobs.presenter.js';
import type { ImportJobsRepository } from './import-jobs.repository.js';
import { ABANDONED_MS, type ImportQueue } from './import-queue.js';
import { STOPPED_DETAIL } from './import-run.js';
import type { ImportUploadsRepository } from './import-uploads.repository.js';
import type { OpenExport } from './queued-job.js';
import type { UploadLimits } from './upload.js';
import { storeChunks } from './upload-chunks.js';

export type { OpenExport } from './queued-job.js';

/** An ended job is kept this long for its owner to look at, then deleted with the next one. */
const KEEP_ENDED_MS = 30 * 24 * 60 * 60 * 1000;
/** Files on this machine's disk older than this were left by a process that stopped: deleted. */
const LEFT_BEHIND_MS = 24 * 60 * 60 * 1000;

export interface ImportRequest {
  /** The uploaded file on disk: the service owns it from here and deletes it when done. */
  path: string;
  /** The name it was uploaded under: a logbook's own file is named after it. */
  filename: string;
  journal: string | null;
  /** Only this format is accepted (a restore takes only our backup). */
  expect?: { format: ImportFormat; message: string };
  /** A restore: the user is given back the settings the backup carries, once all of it is in. */
  restore?: boolean;
}

/**
 * Import jobs: the file's format is found before the job is accepted, then the job and its upload
 * are stored in the database's queue, which every server process's worker (`ImportQueue`) takes
 * from: one job per user at a time (a second gets 409), a few at once across all processes (more
 * wait their turn). Its progress is in the database, so any process can report on it.
 */
export class ImportsService {
  constructor(
    private readonly jobs: ImportJobsRepository,
    private readonly uploads: ImportUploadsRepository,
    private readonly queue: ImportQueue,
    private readonly access: Access,
    private readonly open: OpenExport,
    readonly uploadLimits: UploadLimits,
  ) {
    sweepLeftBehind(uploadLimits.dir).catch(() => {});
  }

  /** The journal named in an upload: well formed (else 400) and the user's own (else 404). */
  async checkJournal(user: UserRow, journal: string | null): Promise<void> {
    if (journal === null) return;
    if (!Id.safeParse(journal).success) throw fieldError('journal', 'Not a valid id.');
    await this.access.ownJournal(user, journal);
  }

  /**
   * Accepts an upload as a job: its format checked (400), the job row written (409 while another
   * of the user's runs), then its bytes stored in the job's chunks. Only then may any process run
   * it; an upload that could not be stored leaves no job behind.
   */
  async start(user: UserRow, request: ImportRequest): Promise<ImportStarted> {
    try {
      await this.checkJournal(user, request.journal);
      const format = await this.formatOf(request);
      const jobId = newId();
      await this.insertJob(jobId, user, format, request);
      try {
        const size = await storeChunks(this.uploads, jobId, request.path, () =>
          this.jobs.heartbeat(jobId, now()),
        );
        await this.jobs.uploaded(jobId, size, now());
      } catch (error) {
        await this.jobs.remove(jobId).catch(() => {});
        throw error;
      }
      this.queue.wake();
      return { job_id: jobId };
    } finally {
      await rm(request.path, { force: true });
    }
  }

  async get(user: UserRow, jobId: string): Promise<ImportJob> {
    let row = await this.jobs.find(jobId);
    if (!row || row.user_id !== user.id) throw NotFound('Import not found.');
    if (row.status === 'running' && row.upload_size === null && row.heartbeat_at < now() - ABANDONED_MS) {
      await this.jobs.failAbandoned(user.id, now() - ABANDONED_MS, STOPPED_DETAIL, now());
      row = (await this.jobs.find(jobId)) ?? row;
    }
    // While it runs only the counts are sent (it is asked every second); the lists once it ended.
    return toImportJob(row, row.status === 'running' ? [] : await this.jobs.items(jobId));
  }

  /** Stops the worker: the jobs running here stop between conversations and are handed back. */
  async close(): Promise<void> {
    await this.queue.close();
  }

  /** Reads what the file is (400 when it is nothing known, or not what the route takes). */
  private async formatOf(request: ImportRequest): Promise<ImportFormat> {
    let reader: ExportReader;
    try {
      reader = await this.open(request.path, { fileName: request.filename });
    } catch (error) {
      // Anything but the readers' own verdict may name paths on this machine: not repeated.
      throw fieldError(
        'file',
        error instanceof UnknownFormatError ? error.message : 'The file could not be read.',
      );
    }
    await reader.close().catch(() => {});
    if (request.expect && reader.format !== request.expect.format)
      throw fieldError('file', request.expect.message);
    return reader.format;
  }

  private async insertJob(jobId: string, user: UserRow, format: ImportFormat, request: ImportRequest) {
    const at = now();
    await this.jobs.failAbandoned(user.id, at - ABANDONED_MS, STOPPED_DETAIL, at);
    await this.jobs.deleteEndedBefore(user.id, at - KEEP_ENDED_MS);
    try {
      await this.jobs.insert(jobId, user.id, format, at, {
        upload_name: request.filename.slice(0, 255),
        journal: request.journal,
        restore: request.restore === true,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const running = await this.jobs.runningFor(user.id);
      throw Conflict(
        `An import of yours is already running${running ? ` (job ${running.job_id})` : ''}: wait for it to end, then try again.`,
      );
    }
  }
}

/**
 * Uploads and run copies a stopped process left behind (a day old: no import takes that long)
 * are deleted. Every file there is only kept while a request or a run uses it: the job's upload
 * itself is in the database.
 */
async function sweepLeftBehind(dir: string): Promise<void> {
  const before = Date.now() - LEFT_BEHIND_MS;
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.upload') && !name.endsWith('.run')) continue;
    const path = join(dir, name);
    if ((await stat(path)).mtimeMs < before) await rm(path, { force: true });
  }
}
