import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Logbooks as trees (DESIGN 3a). Each entry gets its `eid` and, when it names one, its `parent`
 * as columns (out of the attributes' JSON), with the document index of the entry it follows
 * (`parent_position`, null for a root) and its distance from the root (`depth`), so the active
 * path is read upwards one indexed row at a time and its length is known without reading it.
 * The logbook gets `head`, the eid of its active leaf.
 *
 * Entries stored before have no eid: each gets the 8 digits of its position (unique in its
 * logbook; new eids always begin with a letter), follows the entry before it and sits at the depth
 * of its position, so every existing log is the one-branch tree it always was.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('entries').addColumn('eid', 'varchar(8)').execute();
  await db.schema.alterTable('entries').addColumn('parent', 'varchar(8)').execute();
  await db.schema.alterTable('entries').addColumn('parent_position', 'integer').execute();
  await db.schema
    .alterTable('entries')
    .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('logbooks').addColumn('head', 'varchar(8)').execute();

  const digits = dialect === 'postgres' ? sql`lpad(position::text, 8, '0')` : sql`printf('%08d', position)`;
  // The search index follows changes of an entry's text; on PostgreSQL its trigger fires on any
  // update of entries, so it is held while the new columns are filled (SQLite's names its columns).
  if (dialect === 'postgres')
    await sql`alter table entries disable trigger search_entries_update`.execute(db);
  await sql`update entries set eid = ${digits},
      parent_position = case when position = 0 then null else position - 1 end,
      depth = position`.execute(db);
  if (dialect === 'postgres') await sql`alter table entries enable trigger search_entries_update`.execute(db);
  await sql`update logbooks set head = (
      select e.eid from entries e where e.logid = logbooks.logid and e.position = logbooks.entry_count - 1)`.execute(
    db,
  );

  await db.schema.createIndex('entries_eid_idx').unique().on('entries').columns(['logid', 'eid']).execute();
  await db.schema
    .createIndex('entries_parent_idx')
    .on('entries')
    .columns(['logid', 'parent_position'])
    .execute();
}
