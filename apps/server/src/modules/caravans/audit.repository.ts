import { type Kysely, sql } from 'kysely';
import type { Database, Executor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

export interface AuditChange {
  caravanId: string;
  actor: string;
  action: string;
  target: string;
  detail?: string;
}

/**
 * The caravan's record of changes: written in the transaction of the change it records. Entries
 * made in the same millisecond are ordered by `seq`, the caravan's next number taken from the
 * database as the entry is written, so every server process and every restart agrees on it.
 */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(change: AuditChange, at: number, db: Executor): Promise<void> {
    const next = sql<number>`(select coalesce(max(seq), 0) + 1 from caravan_audit where caravan_id = ${change.caravanId})`;
    await db
      .insertInto('caravan_audit')
      .values({
        id: newId(16),
        caravan_id: change.caravanId,
        at,
        seq: next,
        actor: change.actor,
        action: change.action,
        target: change.target,
        detail: change.detail ?? '',
      })
      .execute();
  }

  /** Newest first. */
  list(caravanId: string) {
    return this.db
      .selectFrom('caravan_audit')
      .select(['at', 'actor', 'action', 'target', 'detail'])
      .where('caravan_id', '=', caravanId)
      .orderBy('at', 'desc')
      .orderBy('seq', 'desc')
      .limit(1000)
      .execute();
  }
}
