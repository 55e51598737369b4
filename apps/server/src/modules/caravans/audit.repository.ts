import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

export interface AuditChange {
  caravanId: string;
  actor: string;
  action: string;
  target: string;
  detail?: string;
}

let sequence = 0;

/** The caravan's record of changes: written in the transaction of the change it records. */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(change: AuditChange, at: number, db: Executor): Promise<void> {
    sequence = (sequence + 1) % 1_000_000_000;
    await db
      .insertInto('caravan_audit')
      .values({
        id: newId(16),
        caravan_id: change.caravanId,
        at,
        seq: sequence,
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
