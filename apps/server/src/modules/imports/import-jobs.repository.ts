import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, Executor, ImportJobItemsTable, ImportJobsTable } from '../../db/database.js';

export type ImportJobRow = Selectable<ImportJobsTable>;
export type ImportJobItem = Selectable<ImportJobItemsTable>;

/** Counts a job has reached; written in one statement every so many conversations. */
export type JobProgress = Pick<
  ImportJobsTable,
  'total' | 'done' | 'duplicates' | 'updated' | 'imported_count' | 'skipped_count'
> & { format?: string };

/** A job's counts before it has read anything. */
export const NO_PROGRESS: JobProgress = {
  total: 0,
  done: 0,
  duplicates: 0,
  updated: 0,
  imported_count: 0,
  skipped_count: 0,
};

/** What a queued job needs to run in any process, beside its upload's chunks. */
export interface QueuedFields {
  upload_name: string;
  journal: string | null;
  restore: boolean;
}

/**
 * The job is no longer this process's: its lease ran out and another process took it over (or it
 * ended). Nothing more of this run may be written.
 */
export class LostClaim extends Error {
  constructor() {
    super('the import job is held by another process now');
  }
}

/** SQL of import jobs and of what each of their conversations became. */
export class ImportJobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A new running job; fails with a unique violation while the user has another one running. A
   * queued job (`queued`) is runnable by the queue once its upload is stored (`uploaded`).
   */
  async insert(
    jobId: string,
    userId: number,
    format: string,
    at: number,
    queued?: QueuedFields,
  ): Promise<void> {
    const row: Insertable<ImportJobsTable> = {
      job_id: jobId,
      user_id: userId,
      status: 'running',
      ...NO_PROGRESS,
      format,
      detail: null,
      created_at: at,
      heartbeat_at: at,
      finished_at: null,
    };
    if (queued) {
      row.upload_name = queued.upload_name;
      row.journal = queued.journal;
      row.restore = queued.restore ? 1 : 0;
    }
    await this.db.insertInto('import_jobs').values(row).execute();
  }

  /** The whole upload is stored: from now on any process may take the job. */
  async uploaded(jobId: string, size: number, at: number): Promise<void> {
    await this.update(jobId, { upload_size: size, heartbeat_at: at });
  }

  /** A job refused before it was accepted (its upload could not be stored): gone, with its chunks. */
  async remove(jobId: string): Promise<void> {
    await this.db.deleteFrom('import_jobs').where('job_id', '=', jobId).execute();
  }

  find(jobId: string): Promise<ImportJobRow | undefined> {
    return this.db.selectFrom('import_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  }

  runningFor(userId: number): Promise<ImportJobRow | undefined> {
    return this.db
      .selectFrom('import_jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'running')
      .executeTakeFirst();
  }

  items(jobId: string): Promise<ImportJobItem[]> {
    return this.db
      .selectFrom('import_job_items')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('seq')
      .execute();
  }

  /**
   * The counts and the items gathered since the last write, in one transaction; with `claim`,
   * only while that process still holds the job (else LostClaim, and nothing is written).
   */
  async progress(
    jobId: string,
    progress: JobProgress,
    items: ImportJobItem[],
    at: number,
    claim?: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.update(jobId, { ...progress, heartbeat_at: at }, trx, claim);
      if (items.length > 0) await trx.insertInto('import_job_items').values(items).execute();
    });
  }

  /**
   * Stops working on the job without ending it: its progress written and its lease let go, so
   * another process takes it at once and goes on from there. A run handed back is not counted
   * among the job's attempts: they count the runs that ended without a word (see runQueuedJob).
   */
  async handBack(
    jobId: string,
    progress: JobProgress,
    items: ImportJobItem[],
    at: number,
    claim: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable('import_jobs')
        .set((eb) => ({
          ...progress,
          heartbeat_at: at,
          claimed_by: null,
          lease_until: null,
          attempts: eb('attempts', '-', 1),
        }))
        .where('job_id', '=', jobId)
        .where('claimed_by', '=', claim)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (numUpdatedRows === 0n) throw new LostClaim();
      if (items.length > 0) await trx.insertInto('import_job_items').values(items).execute();
    });
  }

  /** The job ends: its upload and its marks are deleted with it, in one transaction. */
  async finish(
    jobId: string,
    status: 'done' | 'failed',
    detail: string | null,
    at: number,
    claim?: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const ended = {
        status,
        detail,
        finished_at: at,
        heartbeat_at: at,
        claimed_by: null,
        lease_until: null,
      };
      await this.update(jobId, ended, trx, claim);
      await trx.deleteFrom('import_uploads').where('job_id', '=', jobId).execute();
      await trx.deleteFrom('import_marks').where('job_id', '=', jobId).execute();
    });
  }

  /** Remembers the journals the job made ({key: jid}), so a run taken over files beside them. */
  async madeJournals(jobId: string, made: Record<string, string>, claim: string): Promise<void> {
    await this.update(jobId, { made_journals: JSON.stringify(made) }, this.db, claim);
  }

  /** The job, not yet in the queue, is still being worked on (its upload stored). */
  async heartbeat(jobId: string, at: number): Promise<void> {
    await this.update(jobId, { heartbeat_at: at });
  }

  /**
   * Running jobs judged by their heartbeat (no stored upload: an older release's, or one whose
   * upload was never all stored) that stopped answering end as failed, with the reason; their
   * chunks go. `userId` limits it to one user's jobs.
   */
  async failAbandoned(userId: number | null, before: number, detail: string, at: number): Promise<void> {
    let query = this.db
      .updateTable('import_jobs')
      .set({ status: 'failed', detail, finished_at: at })
      .where('status', '=', 'running')
      .where('upload_size', 'is', null)
      .where('heartbeat_at', '<', before);
    if (userId !== null) query = query.where('user_id', '=', userId);
    const failed = await query.returning('job_id').execute();
    if (failed.length === 0) return;
    const ids = failed.map((row) => row.job_id);
    await this.db.deleteFrom('import_uploads').where('job_id', 'in', ids).execute();
  }

  /** Ended jobs of the user older than `before`, with their items. */
  async deleteEndedBefore(userId: number, before: number): Promise<void> {
    await this.db
      .deleteFrom('import_jobs')
      .where('user_id', '=', userId)
      .where('status', '!=', 'running')
      .where('finished_at', '<', before)
      .execute();
  }

  private async update(
    jobId: string,
    patch: Partial<Omit<ImportJobRow, 'job_id' | 'user_id'>>,
    db: Executor = this.db,
    claim?: string,
  ): Promise<void> {
    let query = db.updateTable('import_jobs').set(patch).where('job_id', '=', jobId);
    if (claim !== undefined) query = query.where('claimed_by', '=', claim).where('status', '=', 'running');
    const { numUpdatedRows } = await query.executeTakeFirst();
    if (claim !== undefined && numUpdatedRows === 0n) throw new LostClaim();
  }
}
