import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { decodeAttrs } from '../logbooks/entry-codec.js';
import type { StoredTurns } from './new-turns.js';
import { MessageKeys } from './new-turns.js';

export interface ImportTarget {
  logid: string;
  salted: number;
  entry_count: number;
  modified_at: number;
}

/** SQL a re-import needs: the logbook an earlier import made, and what it holds. */
export class ImportTargetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  bySource(ownerId: number, sourceId: string): Promise<ImportTarget | undefined> {
    return this.db
      .selectFrom('logbooks')
      .select(['logid', 'salted', 'entry_count', 'modified_at'])
      .where('owner_id', '=', ownerId)
      .where('source_id', '=', sourceId)
      .executeTakeFirst();
  }

  /** The owner's own logbook with this id: a backup restored into the account it came from. */
  ownLogbook(ownerId: number, logid: string): Promise<ImportTarget | undefined> {
    return this.db
      .selectFrom('logbooks')
      .select(['logid', 'salted', 'entry_count', 'modified_at'])
      .where('owner_id', '=', ownerId)
      .where('logid', '=', logid)
      .executeTakeFirst();
  }

  async journalExists(jid: string): Promise<boolean> {
    const row = await this.db.selectFrom('journals').select('jid').where('jid', '=', jid).executeTakeFirst();
    return row !== undefined;
  }

  async storedTurns(logid: string): Promise<StoredTurns> {
    const rows = await this.db
      .selectFrom('entries')
      .select(['attrs', 'eid'])
      .where('logid', '=', logid)
      .where('attrs', 'like', '%"source_msg"%')
      .orderBy('position')
      .execute();
    const messages = new Set<string>();
    const keys = new MessageKeys();
    const entries = new Map<string, { eid: string; qid: string | undefined }>();
    for (const row of rows) {
      const attrs = decodeAttrs(row.attrs);
      const id = attrs.source_msg;
      if (id === undefined) continue;
      messages.add(id);
      entries.set(keys.next(id), { eid: row.eid, qid: attrs.qid });
    }
    const count = await this.db
      .selectFrom('logbooks')
      .select('entry_count')
      .where('logid', '=', logid)
      .executeTakeFirst();
    return { count: count?.entry_count ?? 0, messages, entries };
  }
}
