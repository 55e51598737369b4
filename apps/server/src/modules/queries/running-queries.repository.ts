import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export interface RunningQuery {
  logid: string;
  qid: string;
  lane: number;
  startedAt: number;
}

/** SQL of the provider calls running in every server process (PostgreSQL only). */
export class RunningQueriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Asked again while an answer still runs, the newer call takes the row. */
  async begin(call: RunningQuery): Promise<void> {
    await this.db
      .insertInto('running_queries')
      .values({ logid: call.logid, qid: call.qid, lane: call.lane, started_at: call.startedAt })
      .onConflict((oc) =>
        oc.columns(['logid', 'qid', 'lane']).doUpdateSet({ started_at: call.startedAt, stop_requested: 0 }),
      )
      .execute();
  }

  /** Removes the call's row, unless a newer call of the same lane has taken it. */
  async end(call: RunningQuery): Promise<void> {
    await this.db
      .deleteFrom('running_queries')
      .where('logid', '=', call.logid)
      .where('qid', '=', call.qid)
      .where('lane', '=', call.lane)
      .where('started_at', '=', call.startedAt)
      .execute();
  }

  async stopRequested(call: RunningQuery): Promise<boolean> {
    const row = await this.db
      .selectFrom('running_queries')
      .select('stop_requested')
      .where('logid', '=', call.logid)
      .where('qid', '=', call.qid)
      .where('lane', '=', call.lane)
      .executeTakeFirst();
    return row?.stop_requested === 1;
  }

  /**
   * Asks every call of the query that started after `since` to stop (older rows were left by a
   * process that died mid-call); says how many there were.
   */
  async requestStop(logid: string, qid: string, since: number): Promise<number> {
    const result = await this.db
      .updateTable('running_queries')
      .set({ stop_requested: 1 })
      .where('logid', '=', logid)
      .where('qid', '=', qid)
      .where('started_at', '>', since)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
