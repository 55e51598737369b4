import type { BackupAccount } from '@caravanserai/api';
import type { Access } from '../../access/access.js';
import type { UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import type { JournalsRepository } from '../journals/journals.repository.js';
import type { ConversationWriter } from './conversation-writer.js';
import { ImportJobsRepository } from './import-jobs.repository.js';
import { ImportQueue, type QueueTimings } from './import-queue.js';
import { ImportQueueRepository } from './import-queue.repository.js';
import type { ImportLog } from './import-run.js';
import type { ImportTargetsRepository } from './import-targets.repository.js';
import { ImportUploadsRepository } from './import-uploads.repository.js';
import { ImportsService } from './imports.service.js';
import { type OpenExport, runQueuedJob } from './queued-job.js';
import type { UploadLimits } from './upload.js';

export interface ImportsSetup {
  db: Db;
  writer: ConversationWriter;
  targets: ImportTargetsRepository;
  journals: JournalsRepository;
  access: Access;
  open: OpenExport;
  uploadLimits: UploadLimits;
  /** Gives a restore's owner the settings the backup carries. */
  restoreAccount: (user: UserRow, account: BackupAccount) => Promise<void>;
  /** Jobs running at once across every server process. */
  concurrent: number;
  timings?: Partial<QueueTimings> | undefined;
  log?: ImportLog | undefined;
}

const quiet: ImportLog = { warn: () => {}, error: () => {} };

/**
 * The import service and this process's queue worker, wired: the worker runs each job it claims
 * through `runQueuedJob`. `start()` sets the worker going (the app does once it is built).
 */
export function createImports(setup: ImportsSetup): { service: ImportsService; queue: ImportQueue } {
  const { db, log = quiet } = setup;
  const jobs = new ImportJobsRepository(db.kysely);
  const uploads = new ImportUploadsRepository(db.kysely);
  const queueRepo = new ImportQueueRepository(db.kysely, db.dialect);
  const runner = {
    jobs,
    uploads,
    queue: queueRepo,
    targets: setup.targets,
    writer: setup.writer,
    journals: setup.journals,
    open: setup.open,
    dir: setup.uploadLimits.dir,
    restoreAccount: setup.restoreAccount,
    log,
  };
  const queue = new ImportQueue(
    queueRepo,
    jobs,
    (job, claim, stopping) => runQueuedJob(runner, job, claim, stopping),
    { concurrent: setup.concurrent, timings: setup.timings, log },
  );
  const service = new ImportsService(jobs, uploads, queue, setup.access, setup.open, setup.uploadLimits);
  return { service, queue };
}
