import type { Kysely } from 'kysely';
import type { Database, Executor, ImportMarksTable } from '../../db/database.js';
import { decodeAttrs } from '../logbooks/entry-codec.js';
import type { StoredTurns } from './new-turns.js';
import { MessageKeys } from './new-turns.js';

/** A logbook a job created or grew for one conversation of its file. */
export type Mark = Pick<ImportMarksTable, 'logid' | 'kind'>;

export interface ImportTarget {
  logid: string;
  salted: number;
  entry_count: number;
  modified_at: number;
}

/**
 * SQL a re-import needs: the logbook an earlier import made, and what it holds; and the marks a
 * job leaves beside the logbooks it writes, which a run taken over reads.
 */
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

  /** Marks the logbook as written by the job for its conversation at `item`, in the write's transaction. */
  async mark(jobId: string, item: number, mark: Mark, trx: Executor): Promise<void> {
    await trx
      .insertInto('import_marks')
      .values({ job_id: jobId, item, ...mark })
      .onConflict((oc) => oc.columns(['job_id', 'item']).doNothing())
      .execute();
  }

  /** The mark the job left for its conversation at `item`, if it wrote one. */
  markOf(jobId: string, item: number): Promise<Mark | undefined> {
    return this.db
      .selectFrom('import_marks')
      .select(['logid', 'kind'])
      .where('job_id', '=', jobId)
      .where('item', '=', item)
      .executeTakeFirst();
  }
}
