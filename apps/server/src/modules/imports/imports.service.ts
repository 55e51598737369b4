import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Id, type ImportFormat, type ImportJob, type ImportStarted } from '@caravanserai/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Access } from '../../access/access.js';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { Conflict, fieldError, HttpError, NotFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { JournalsRepository } from '../journals/journals.repository.js';
import type { ConversationWriter } from './conversation-writer.js';
import { type ExportReader, UnknownFormatError } from './formats/conversation.js';
import { toImportJob } from './import-jobs.presenter.js';
import type { ImportJobsRepository } from './import-jobs.repository.js';
import { journalChooser } from './import-journals.js';
import { type RunInput, runImport, STOPPED_DETAIL } from './import-run.js';
import { ImportSlots } from './import-slots.js';
import type { UploadLimits } from './upload.js';

export type OpenExport = (filePath: string, options: { fileName?: string }) => Promise<ExportReader>;

/** A process tells the others it still works on its jobs this often... */
const HEARTBEAT_MS = 20_000;
/** ...and a running job not heard of for this long was left by a process that stopped. */
const ABANDONED_MS = 120_000;
/** An ended job is kept this long for its owner to look at, then deleted with the next one. */
const KEEP_ENDED_MS = 30 * 24 * 60 * 60 * 1000;

export interface ImportRequest {
  /** The uploaded file on disk: the service owns it from here and deletes it when done. */
  path: string;
  /** The name it was uploaded under: a logbook's own file is named after it. */
  filename: string;
  journal: string | null;
  /** Only this format is accepted (a restore takes only our backup). */
  expect?: { format: ImportFormat; message: string };
  /** A restore gives the user back the settings the backup carries. */
  restoreAccount?: RunInput['restoreAccount'];
}

/**
 * Import jobs: the file's format is found before the job is accepted, then the job runs in the
 * background of this process, one per user at a time (a second gets 409) and a few at once in
 * all (more wait their turn). Its progress is in the database, so any process can report on it.
 */
export class ImportsService {
  private readonly slots: ImportSlots;
  /** Jobs this process holds (running or waiting), with how each will end. */
  private readonly held = new Map<string, Promise<void>>();
  private stopping = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly jobs: ImportJobsRepository,
    private readonly writer: ConversationWriter,
    private readonly journals: JournalsRepository,
    private readonly access: Access,
    private readonly open: OpenExport,
    readonly uploadLimits: UploadLimits,
    options: { concurrent: number },
  ) {
    this.slots = new ImportSlots(options.concurrent);
    this.heartbeat = setInterval(() => {
      this.jobs.heartbeat([...this.held.keys()], now()).catch(() => {});
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    sweepUploads(uploadLimits.dir).catch(() => {});
  }

  /** The journal named in an upload: well formed (else 400) and the user's own (else 404). */
  async checkJournal(user: UserRow, journal: string | null): Promise<void> {
    if (journal === null) return;
    if (!Id.safeParse(journal).success) throw fieldError('journal', 'Not a valid id.');
    await this.access.ownJournal(user, journal);
  }

  async start(user: UserRow, request: ImportRequest, log: FastifyBaseLogger): Promise<ImportStarted> {
    let reader: ExportReader | undefined;
    try {
      if (this.stopping)
        throw new HttpError(503, 'server_error', 'The server is stopping: try again in a moment.');
      await this.checkJournal(user, request.journal);
      reader = await this.openFile(request);
      const jobId = newId();
      await this.insertJob(jobId, user, reader.format);
      this.held.set(jobId, this.run(jobId, user, reader, request, log));
      return { job_id: jobId };
    } catch (error) {
      await reader?.close().catch(() => {});
      await rm(request.path, { force: true });
      throw error;
    }
  }

  async get(user: UserRow, jobId: string): Promise<ImportJob> {
    let row = await this.jobs.find(jobId);
    if (!row || row.user_id !== user.id) throw NotFound('Import not found.');
    if (row.status === 'running' && row.heartbeat_at < now() - ABANDONED_MS) {
      await this.jobs.failAbandoned(user.id, now() - ABANDONED_MS, STOPPED_DETAIL, now());
      row = (await this.jobs.find(jobId)) ?? row;
    }
    // While it runs only the counts are sent (it is asked every second); the lists once it ended.
    return toImportJob(row, row.status === 'running' ? [] : await this.jobs.items(jobId));
  }

  /** Stops taking conversations and waits for the jobs held here to record how far they got. */
  async close(): Promise<void> {
    this.stopping = true;
    clearInterval(this.heartbeat);
    await Promise.allSettled(this.held.values());
  }

  private async openFile(request: ImportRequest): Promise<ExportReader> {
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
    if (request.expect && reader.format !== request.expect.format) {
      await reader.close().catch(() => {});
      throw fieldError('file', request.expect.message);
    }
    return reader;
  }

  private async insertJob(jobId: string, user: UserRow, format: ImportFormat): Promise<void> {
    const at = now();
    await this.jobs.failAbandoned(user.id, at - ABANDONED_MS, STOPPED_DETAIL, at);
    await this.jobs.deleteEndedBefore(user.id, at - KEEP_ENDED_MS);
    try {
      await this.jobs.insert(jobId, user.id, format, at);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const running = await this.jobs.runningFor(user.id);
      throw Conflict(
        `An import of yours is already running${running ? ` (job ${running.job_id})` : ''}: wait for it to end, then try again.`,
      );
    }
  }

  private async run(
    jobId: string,
    user: UserRow,
    reader: ExportReader,
    request: ImportRequest,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const release = await this.slots.acquire();
    try {
      await runImport(
        this.jobs,
        this.writer,
        {
          jobId,
          user,
          reader,
          journalFor: journalChooser(this.journals, user, request.journal, reader.format),
          stopping: () => this.stopping,
          restoreAccount: request.restoreAccount,
        },
        log,
      );
    } catch (error) {
      log.error({ err: error, jobId }, 'an import job could not record its end');
    } finally {
      release();
      this.held.delete(jobId);
      await reader.close().catch(() => {});
      await rm(request.path, { force: true }).catch(() => {});
    }
  }
}

/** Uploads a stopped process left behind (a day old: no import takes that long) are deleted. */
async function sweepUploads(dir: string): Promise<void> {
  const before = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.upload')) continue;
    const path = join(dir, name);
    if ((await stat(path)).mtimeMs < before) await rm(path, { force: true });
  }
}
