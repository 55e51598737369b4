import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import type { ImportJobRow } from './import-jobs.repository.js';

/** The advisory lock every process takes to claim a job, so two never both take the last slot. */
const CLAIM_LOCK = 0x696d_7074;

export interface Claim {
  /** The process claiming. */
  by: string;
  at: number;
  leaseMs: number;
  /** Jobs whose lease is live, in every process, may not pass this. */
  limit: number;
}

/** A job any process may run: running, its upload stored, and no live lease on it. */
function runnable(at: number) {
  return (eb: ExpressionBuilder<Database, 'import_jobs'>) =>
    eb.and([
      eb('status', '=', 'running'),
      eb('upload_size', 'is not', null),
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]),
    ]);
}

/** A job some process runs now. */
function leased(at: number) {
  return (eb: ExpressionBuilder<Database, 'import_jobs'>) =>
    eb.and([eb('status', '=', 'running'), eb('lease_until', '>', at)]);
}

/** SQL of the import queue: claiming a job, renewing the leases held, and the queue's upkeep. */
export class ImportQueueRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Whether any job waits to be taken: a cheap look before the claim, which locks. */
  async anyRunnable(at: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('import_jobs')
      .select('job_id')
      .where(runnable(at))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Takes the oldest runnable job for `claim.by`, with a lease, unless `claim.limit` jobs run
   * already across every process. PostgreSQL: under a transaction advisory lock (the count and
   * the take are one step for all processes), the row taken with FOR UPDATE SKIP LOCKED. SQLite
   * (one process, one writer): one statement.
   */
  async claim(claim: Claim): Promise<ImportJobRow | undefined> {
    const taken = {
      claimed_by: claim.by,
      lease_until: claim.at + claim.leaseMs,
      heartbeat_at: claim.at,
      attempts: (eb: ExpressionBuilder<Database, 'import_jobs'>) => eb('attempts', '+', 1),
    };
    if (this.dialect === 'sqlite') {
      return this.db
        .updateTable('import_jobs')
        .set(taken)
        .where('job_id', '=', (eb) =>
          eb
            .selectFrom('import_jobs')
            .select('job_id')
            .where(runnable(claim.at))
            .orderBy('created_at')
            .orderBy('job_id')
            .limit(1),
        )
        .where(
          (eb) => eb.selectFrom('import_jobs').select(eb.fn.countAll().as('n')).where(leased(claim.at)),
          '<',
          claim.limit,
        )
        .returningAll()
        .executeTakeFirst();
    }
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
      const { n } = await trx
        .selectFrom('import_jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(leased(claim.at))
        .executeTakeFirstOrThrow();
      if (Number(n) >= claim.limit) return undefined;
      const next = await trx
        .selectFrom('import_jobs')
        .select('job_id')
        .where(runnable(claim.at))
        .orderBy('created_at')
        .orderBy('job_id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!next) return undefined;
      return trx
        .updateTable('import_jobs')
        .set(taken)
        .where('job_id', '=', next.job_id)
        .returningAll()
        .executeTakeFirst();
    });
  }

  /** Moves the leases `by` holds on forward; the ids it still holds (a job missing was taken over). */
  async renew(jobIds: readonly string[], by: string, at: number, leaseMs: number): Promise<Set<string>> {
    if (jobIds.length === 0) return new Set();
    const rows = await this.db
      .updateTable('import_jobs')
      .set({ lease_until: at + leaseMs, heartbeat_at: at })
      .where('job_id', 'in', jobIds)
      .where('claimed_by', '=', by)
      .where('status', '=', 'running')
      .returning('job_id')
      .execute();
    return new Set(rows.map((row) => row.job_id));
  }

  /**
   * Jobs waiting in the queue (or for their lease to run out) are alive: their heartbeat moves on,
   * so a process of the previous release, which judges every running job by it, leaves them be.
   */
  async keepWaitingAlive(at: number, staleBefore: number): Promise<void> {
    await this.db
      .updateTable('import_jobs')
      .set({ heartbeat_at: at })
      .where('status', '=', 'running')
      .where('upload_size', 'is not', null)
      .where('heartbeat_at', '<', staleBefore)
      .execute();
  }

  /** The owner of a job, as a run needs them. */
  owner(userId: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }
}
