import type { Entry } from '@caravanserai/logbook';
import { type Kysely, sql } from 'kysely';
import type { Database, Executor, NewEntry } from '../../db/database.js';
import { FileRefsRepository, fileIdsOf } from '../files/file-refs.repository.js';
import { ENTRY_COLUMNS, encodeAttrs } from './entry-codec.js';
import type { Anchor, PlacedEntry } from './entry-placement.js';

/**
 * Rows written per statement: 500 rows x 7 columns stays far below both drivers' bound-parameter
 * limits, and takes a few milliseconds, after which other requests get their turn.
 */
const CHUNK = 500;
/** Positions deleted per statement when a whole log is replaced. */
const DELETE_CHUNK = 5000;

/**
 * Lets other requests run between the statements of a long write: SQLite runs each statement
 * synchronously on this thread, so without a pause a 300,000-entry write would hold it throughout.
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** SQL of entries. Every method takes the executor (the database or a transaction) last. */
export class EntriesRepository {
  /** The files entries name are kept beside them, by every write here. */
  readonly fileRefs = new FileRefsRepository();

  constructor(private readonly db: Kysely<Database>) {}

  list(logid: string, db: Executor = this.db) {
    return db
      .selectFrom('entries')
      .select(ENTRY_COLUMNS)
      .where('logid', '=', logid)
      .orderBy('position')
      .execute();
  }

  /** The attributes of the entries that may carry token counts (answers), in no order. */
  async attrsWithTokens(logid: string, db: Executor = this.db): Promise<string[]> {
    const rows = await db
      .selectFrom('entries')
      .select('attrs')
      .where('logid', '=', logid)
      .where((eb) =>
        eb.or([eb('attrs', 'like', '%"input_tokens"%'), eb('attrs', 'like', '%"output_tokens"%')]),
      )
      .execute();
    return rows.map((row) => row.attrs);
  }

  at(logid: string, position: number, db: Executor = this.db) {
    return db
      .selectFrom('entries')
      .select(ENTRY_COLUMNS)
      .where('logid', '=', logid)
      .where('position', '=', position)
      .executeTakeFirst();
  }

  /** `kept`: the files the logbook named before its log was written again (FileRefsRepository.add). */
  async insert(
    logid: string,
    entries: readonly PlacedEntry[],
    at: number,
    db: Executor = this.db,
    kept: readonly string[] = [],
  ) {
    for (let start = 0; start < entries.length; start += CHUNK) {
      if (start > 0) await yieldToOthers();
      const rows = entries.slice(start, start + CHUNK).map((placed) => entryRow(logid, placed, at));
      await db.insertInto('entries').values(rows).execute();
    }
    await this.fileRefs.add(logid, fileIdsOf(entries), db, kept);
  }

  /** Where the stored entries with these eids sit, by eid. */
  async anchors(
    logid: string,
    eids: readonly string[],
    db: Executor = this.db,
  ): Promise<Map<string, Anchor>> {
    const found = new Map<string, Anchor>();
    if (eids.length === 0) return found;
    const rows = await db
      .selectFrom('entries')
      .select(['position', 'eid', 'depth'])
      .where('logid', '=', logid)
      .where('eid', 'in', eids)
      .execute();
    for (const row of rows) found.set(row.eid, row);
    return found;
  }

  /** The position of the entry `steps` parents above the one at `position`; undefined past a root. */
  async ancestorAt(logid: string, position: number, steps: number, db: Executor = this.db) {
    const result = await sql<{ position: number }>`
      with recursive up(position, parent_position, n) as (
        select position, parent_position, 0 from entries where logid = ${logid} and position = ${position}
        union all
        select e.position, e.parent_position, up.n + 1
        from up cross join entries e
        where e.logid = ${logid} and e.position = up.parent_position and up.n < ${steps}
      )
      select position from up where n = ${steps}`.execute(db);
    const row = result.rows[0];
    return row === undefined ? undefined : Number(row.position);
  }

  /** Where the entry at `position` sits; undefined when there is none. */
  anchorAt(logid: string, position: number, db: Executor = this.db): Promise<Anchor | undefined> {
    return db
      .selectFrom('entries')
      .select(['position', 'eid', 'depth'])
      .where('logid', '=', logid)
      .where('position', '=', position)
      .executeTakeFirst();
  }

  byTag(logid: string, tag: string, db: Executor = this.db) {
    return db
      .selectFrom('entries')
      .select(ENTRY_COLUMNS)
      .where('logid', '=', logid)
      .where('tag', '=', tag)
      .orderBy('position')
      .execute();
  }

  /** The entry with this eid, with its position. */
  byEid(logid: string, eid: string, db: Executor = this.db) {
    return db
      .selectFrom('entries')
      .select(['position', 'tag', 'content', 'eid', 'attrs'])
      .where('logid', '=', logid)
      .where('eid', '=', eid)
      .executeTakeFirst();
  }

  /** The entries carrying this qid (a query and its answers), in order, with their positions. */
  withQid(logid: string, qid: string, db: Executor = this.db) {
    return db
      .selectFrom('entries')
      .select(['position', 'tag', 'content', 'eid', 'attrs'])
      .where('logid', '=', logid)
      .where('qid', '=', qid)
      .orderBy('position')
      .execute();
  }

  /**
   * Deletes every entry, a range of positions at a time so a long log does not hold the thread.
   * Returns the ids of the files they named, for FileRefsRepository.removeUnreferenced once the
   * log is written again.
   */
  async deleteAll(logid: string, db: Executor = this.db): Promise<string[]> {
    const last = await db
      .selectFrom('entries')
      .select((eb) => eb.fn.max('position').as('last'))
      .where('logid', '=', logid)
      .executeTakeFirst();
    const end = Number(last?.last ?? -1);
    for (let from = 0; from <= end; from += DELETE_CHUNK) {
      if (from > 0) await yieldToOthers();
      await db
        .deleteFrom('entries')
        .where('logid', '=', logid)
        .where('position', '>=', from)
        .where('position', '<', from + DELETE_CHUNK)
        .execute();
    }
    return this.fileRefs.clear(logid, db);
  }

  /**
   * Changes an entry's tag, attributes and content; the caller keeps its eid and parent. Returns
   * the ids of files the logbook no longer names because of it (of those `before` named).
   */
  async replaceAt(
    logid: string,
    position: number,
    entry: Entry,
    before: Entry,
    db: Executor = this.db,
  ): Promise<string[]> {
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
    const named = fileIdsOf([entry]);
    await this.fileRefs.add(logid, named, db);
    const dropped = fileIdsOf([before]).filter((id) => !named.includes(id));
    return this.fileRefs.prune(logid, dropped, db);
  }

  async copy(fromLogid: string, toLogid: string, at: number, db: Executor = this.db): Promise<void> {
    await db
      .insertInto('entries')
      .columns([
        'logid',
        'position',
        'tag',
        'attrs',
        'content',
        'qid',
        'created_at',
        'eid',
        'parent',
        'parent_position',
        'depth',
      ])
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
            'eid',
            'parent',
            'parent_position',
            'depth',
          ])
          .where('logid', '=', fromLogid),
      )
      .execute();
    await this.fileRefs.copy(fromLogid, toLogid, db);
  }
}

/** The row of a placed entry. Its qid is copied out of its attributes so a query's answers are found by index. */
export function entryRow(logid: string, placed: PlacedEntry, at: number): NewEntry {
  const { entry } = placed;
  return {
    logid,
    position: placed.position,
    tag: entry.tag,
    attrs: encodeAttrs(entry.attrs),
    content: entry.content,
    qid: entry.attrs.qid ?? null,
    created_at: at,
    eid: placed.eid,
    parent: placed.parent,
    parent_position: placed.parentPosition,
    depth: placed.depth,
  };
}
