import type { Kysely, Selectable } from 'kysely';
import type { Database, Executor, ImportJobItemsTable, ImportJobsTable } from '../../db/database.js';

export type ImportJobRow = Selectable<ImportJobsTable>;
export type ImportJobItem = Selectable<ImportJobItemsTable>;

/** Counts a job has reached; written in one statement every so many conversations. */
export interface JobProgress {
  format?: string;
  total: number;
  done: number;
  duplicates: number;
  updated: number;
  imported_count: number;
  skipped_count: number;
}

/** SQL of import jobs and of what each of their conversations became. */
export class ImportJobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new running job; fails with a unique violation while the user has another one running. */
  async insert(jobId: string, userId: number, format: string, at: number): Promise<void> {
    await this.db
      .insertInto('import_jobs')
      .values({
        job_id: jobId,
        user_id: userId,
        status: 'running',
        format,
        total: 0,
        done: 0,
        duplicates: 0,
        updated: 0,
        imported_count: 0,
        skipped_count: 0,
        detail: null,
        created_at: at,
        heartbeat_at: at,
        finished_at: null,
      })
      .execute();
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

  /** The counts and the items gathered since the last write, in one transaction. */
  async progress(jobId: string, progress: JobProgress, items: ImportJobItem[], at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (items.length > 0) await trx.insertInto('import_job_items').values(items).execute();
      await this.update(jobId, { ...progress, heartbeat_at: at }, trx);
    });
  }

  async finish(
    jobId: string,
    status: 'done' | 'failed',
    detail: string | null,
    at: number,
    db: Executor = this.db,
  ): Promise<void> {
    await this.update(jobId, { status, detail, finished_at: at, heartbeat_at: at }, db);
  }

  /** Tells every other process that these jobs are still being worked on. */
  async heartbeat(jobIds: readonly string[], at: number): Promise<void> {
    if (jobIds.length === 0) return;
    await this.db
      .updateTable('import_jobs')
      .set({ heartbeat_at: at })
      .where('job_id', 'in', jobIds)
      .where('status', '=', 'running')
      .execute();
  }

  /** Running jobs whose process stopped answering for them end as failed, with the reason. */
  async failAbandoned(userId: number, before: number, detail: string, at: number): Promise<void> {
    await this.db
      .updateTable('import_jobs')
      .set({ status: 'failed', detail, finished_at: at })
      .where('user_id', '=', userId)
      .where('status', '=', 'running')
      .where('heartbeat_at', '<', before)
      .execute();
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
  ): Promise<void> {
    await db.updateTable('import_jobs').set(patch).where('job_id', '=', jobId).execute();
  }
}
