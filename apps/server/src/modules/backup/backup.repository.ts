import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** SQL of a backup: everything one user owns, read a logbook at a time. */
export class BackupRepository {
  constructor(private readonly db: Kysely<Database>) {}

  journals(ownerId: number) {
    return this.db
      .selectFrom('journals')
      .select(['jid', 'title'])
      .where('owner_id', '=', ownerId)
      .orderBy('created_at')
      .orderBy('jid')
      .execute();
  }

  /** The logbooks' fields the manifest keeps, without their entries. */
  logbooks(ownerId: number) {
    return this.db
      .selectFrom('logbooks')
      .select(['logid', 'jid', 'title', 'description', 'private', 'salted', 'forked', 'head'])
      .where('owner_id', '=', ownerId)
      .orderBy('created_at')
      .orderBy('logid')
      .execute();
  }
}
