import type { Entry } from '@caravanserai/logbook';
import type { Kysely } from 'kysely';
import type { Database, EntryRow, NewEntry } from '../../db/database.js';

type Executor = Kysely<Database>;

/** 500 rows x 6 columns stays far below both drivers' bound-parameter limits. */
const CHUNK = 500;

export function encodeAttrs(attrs: Record<string, string>): string {
  return Object.keys(attrs).length === 0 ? '' : JSON.stringify(attrs);
}

export function decodeAttrs(text: string): Record<string, string> {
  return text === '' ? {} : (JSON.parse(text) as Record<string, string>);
}

export function toEntry(row: Pick<EntryRow, 'tag' | 'attrs' | 'content'>): Entry {
  return { tag: row.tag as Entry['tag'], attrs: decodeAttrs(row.attrs), content: row.content };
}

export class EntriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(logid: string, db: Executor = this.db) {
    return db
      .selectFrom('entries')
      .select(['tag', 'attrs', 'content'])
      .where('logid', '=', logid)
      .orderBy('position')
      .execute();
  }

  at(db: Executor, logid: string, position: number) {
    return db
      .selectFrom('entries')
      .select(['tag', 'attrs', 'content'])
      .where('logid', '=', logid)
      .where('position', '=', position)
      .executeTakeFirst();
  }

  async insert(db: Executor, logid: string, entries: readonly Entry[], firstPosition: number, at: number) {
    const rows: NewEntry[] = entries.map((e, i) => ({
      logid,
      position: firstPosition + i,
      tag: e.tag,
      attrs: encodeAttrs(e.attrs),
      content: e.content,
      qid: e.attrs.qid ?? null,
      created_at: at,
    }));
    for (let i = 0; i < rows.length; i += CHUNK) {
      await db
        .insertInto('entries')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
  }

  byTag(logid: string, tag: string, db: Executor = this.db) {
    return db
      .selectFrom('entries')
      .select(['tag', 'attrs', 'content'])
      .where('logid', '=', logid)
      .where('tag', '=', tag)
      .orderBy('position')
      .execute();
  }

  /** Position and tag of the entries carrying this qid (a query and its answers), in order. */
  withQid(logid: string, qid: string, db: Executor = this.db) {
    return db
      .selectFrom('entries')
      .select(['position', 'tag'])
      .where('logid', '=', logid)
      .where('qid', '=', qid)
      .orderBy('position')
      .execute();
  }

  async deleteAll(db: Executor, logid: string): Promise<void> {
    await db.deleteFrom('entries').where('logid', '=', logid).execute();
  }

  async replaceAt(db: Executor, logid: string, position: number, entry: Entry): Promise<void> {
    await db
      .updateTable('entries')
      .set({
        tag: entry.tag,
        attrs: encodeAttrs(entry.attrs),
        content: entry.content,
        qid: entry.attrs.qid ?? null,
      })
      .where('logid', '=', logid)
      .where('position', '=', position)
      .execute();
  }

  async copy(db: Executor, fromLogid: string, toLogid: string, at: number): Promise<void> {
    await db
      .insertInto('entries')
      .columns(['logid', 'position', 'tag', 'attrs', 'content', 'qid', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('entries')
          .select((s) => [
            s.val(toLogid).as('logid'),
            'position',
            'tag',
            'attrs',
            'content',
            'qid',
            s.val(at).as('created_at'),
          ])
          .where('logid', '=', fromLogid),
      )
      .execute();
  }
}
