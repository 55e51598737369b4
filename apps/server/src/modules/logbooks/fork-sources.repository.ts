import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/database.js';

/** A logbook a fork may have been copied from, and its active leaf. */
export interface ForkCandidate {
  logid: string;
  head: string | null;
}

/** How many same-titled, same-sized salted logbooks are compared with a fork's log at most. */
const MAX_CANDIDATES = 10;

/** SQL for finding the logbook a two-step fork copied its log from (see ForkSources). */
export class ForkSourcesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Salted logbooks the viewer may fork, of this title and entry count, the latest changed first. */
  candidates(viewerId: number, title: string, entryCount: number, db: Executor = this.db) {
    return db
      .selectFrom('logbooks')
      .select(['logid', 'head'])
      .where('salted', '=', 1)
      .where('title', '=', title)
      .where('entry_count', '=', entryCount)
      .where((eb) => eb.or([eb('private', '=', 0), eb('owner_id', '=', viewerId)]))
      .orderBy('modified_at', 'desc')
      .orderBy('logid')
      .limit(MAX_CANDIDATES)
      .execute() as Promise<ForkCandidate[]>;
  }

  /** A logbook's tree in document order: each entry's eid and the parent it names. */
  tree(logid: string, db: Executor = this.db) {
    return db
      .selectFrom('entries')
      .select(['eid', 'parent'])
      .where('logid', '=', logid)
      .orderBy('position')
      .execute();
  }
}
