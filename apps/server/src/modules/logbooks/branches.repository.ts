import { type Kysely, sql } from 'kysely';
import type { Database, Executor } from '../../db/database.js';
import { ENTRY_COLUMNS } from './entry-codec.js';

/** A stored entry with its place in the tree. */
export interface TreeRow {
  position: number;
  eid: string;
  parent: string | null;
  parent_position: number | null;
  depth: number;
  tag: string;
  attrs: string;
  content: string;
}

/** A stored entry's place only. */
export interface PlaceRow {
  position: number;
  eid: string;
  parent_position: number | null;
}

const TREE_COLUMNS = [...ENTRY_COLUMNS, 'position', 'parent_position', 'depth'] as const;

/**
 * SQL of logbooks as trees (DESIGN 3a). The active path is read upwards from its last entry, one
 * primary-key lookup per entry (a recursive query both databases run), so a page of the newest
 * turns costs the same whatever the logbook's length. The recursive steps say `cross join`, which
 * makes SQLite look each step's entries up from the row in hand rather than walk the logbook for
 * it (PostgreSQL plans either form alike).
 */
export class BranchesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The entry at `position` and up to `limit - 1` of its ancestors, oldest first. */
  async pathEndingAt(
    logid: string,
    position: number,
    limit: number,
    db: Executor = this.db,
  ): Promise<TreeRow[]> {
    const up = await sql<{ position: number }>`
      with recursive up(position, parent_position, n) as (
        select position, parent_position, 1 from entries where logid = ${logid} and position = ${position}
        union all
        select e.position, e.parent_position, up.n + 1
        from up cross join entries e
        where e.logid = ${logid} and e.position = up.parent_position and up.n < ${limit}
      )
      select position from up`.execute(db);
    const positions = up.rows.map((row) => Number(row.position));
    if (positions.length === 0) return [];
    return db
      .selectFrom('entries')
      .select(TREE_COLUMNS)
      .where('logid', '=', logid)
      .where('position', 'in', positions)
      .orderBy('position')
      .execute();
  }

  /** Up to `limit` entries of the document just before `position`, oldest first. */
  async documentBefore(
    logid: string,
    position: number,
    limit: number,
    db: Executor = this.db,
  ): Promise<TreeRow[]> {
    const rows = await db
      .selectFrom('entries')
      .select(TREE_COLUMNS)
      .where('logid', '=', logid)
      .where('position', '<', position)
      .orderBy('position', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  /**
   * The entries following any of these parents (null: the roots), oldest first, deleted (blank)
   * ones left out: they are not drawn, so nobody can switch to them. Sorted here, not
   * by the query: asked to order by position, SQLite walks the whole logbook in key order instead
   * of looking the parents up in their index.
   */
  async children(
    logid: string,
    parents: readonly (number | null)[],
    db: Executor = this.db,
  ): Promise<PlaceRow[]> {
    const positions = parents.filter((p): p is number => p !== null);
    const roots = parents.includes(null);
    if (positions.length === 0 && !roots) return [];
    // Two lookups rather than one `or`, which SQLite would answer by walking the logbook.
    const query = db
      .selectFrom('entries')
      .select(['position', 'eid', 'parent_position'])
      .where('logid', '=', logid)
      .where('content', '<>', '');
    const rows = [
      ...(positions.length > 0 ? await query.where('parent_position', 'in', positions).execute() : []),
      ...(roots ? await query.where('parent_position', 'is', null).execute() : []),
    ];
    return rows.sort((a, b) => a.position - b.position);
  }

  /** The position of the entry written last among `position` and everything under it. */
  async newestUnder(logid: string, position: number, db: Executor = this.db): Promise<number> {
    const result = await sql<{ newest: number | string | null }>`
      with recursive down(position) as (
        select position from entries where logid = ${logid} and position = ${position}
        union all
        select e.position from down cross join entries e
        where e.logid = ${logid} and e.parent_position = down.position
      )
      select max(position) as newest from down`.execute(db);
    return Number(result.rows[0]?.newest ?? position);
  }

  /**
   * Whether the entry at `ancestor` (at `depth` in the tree) is the entry at `position` or one it
   * follows: the path up from `position` is walked only down to that depth.
   */
  async isOnPathTo(
    logid: string,
    position: number,
    ancestor: { position: number; depth: number },
    db: Executor = this.db,
  ): Promise<boolean> {
    const result = await sql<{ position: number }>`
      with recursive up(position, parent_position, depth) as (
        select position, parent_position, depth from entries where logid = ${logid} and position = ${position}
        union all
        select e.position, e.parent_position, e.depth
        from up cross join entries e
        where e.logid = ${logid} and e.position = up.parent_position and up.depth > ${ancestor.depth}
      )
      select position from up where depth = ${ancestor.depth}`.execute(db);
    return result.rows.some((row) => Number(row.position) === ancestor.position);
  }

  /** The eids of the entries at these positions, by position. */
  async eidsAt(
    logid: string,
    positions: readonly number[],
    db: Executor = this.db,
  ): Promise<Map<number, string>> {
    const eids = new Map<number, string>();
    if (positions.length === 0) return eids;
    const rows = await db
      .selectFrom('entries')
      .select(['position', 'eid'])
      .where('logid', '=', logid)
      .where('position', 'in', positions)
      .execute();
    for (const row of rows) eids.set(row.position, row.eid);
    return eids;
  }

  /** Where the entry with this eid sits; undefined when there is none. */
  placeOf(logid: string, eid: string, db: Executor = this.db) {
    return this.places(logid, db).where('eid', '=', eid).executeTakeFirst();
  }

  /** Where the entry at a position sits; undefined when there is none. */
  placeAt(logid: string, position: number, db: Executor = this.db) {
    return this.places(logid, db).where('position', '=', position).executeTakeFirst();
  }

  private places(logid: string, db: Executor) {
    return db
      .selectFrom('entries')
      .select(['position', 'eid', 'parent_position', 'depth'])
      .where('logid', '=', logid);
  }
}
