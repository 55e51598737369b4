import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The Bazaar (DESIGN 10).
 * - `bazaar_copies`: each published copy's XML by its sha256, once however many versions name it.
 * - `bazaar_listings`: one per published logbook, with its counts and the newest version's choices;
 *   `seq` orders them by first publication and is their row in the search index.
 * - `bazaar_versions`: every version of a listing, naming its copy.
 * - `bazaar_version_files`: the files a version's copy carries (its author's uploads): whoever may
 *   see the listing may read them, and they stay while a listing not withdrawn names them.
 * - `bazaar_topics`, `bazaar_stars`, `bazaar_reports`.
 * - `bazaar_search`: the words of each listing's title, summary and newest copy (SQLite: an FTS5
 *   table; PostgreSQL: a tsvector with a GIN index), written with the listing.
 * - `logbooks.forked_from`: what a logbook forked from a listing remembers (JSON), null otherwise.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('logbooks').addColumn('forked_from', 'text').execute();

  await db.schema
    .createTable('bazaar_copies')
    .addColumn('sha256', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('log', 'text', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .execute();

  const seq =
    dialect === 'postgres'
      ? sql`seq bigint generated always as identity primary key`
      : sql`seq integer primary key autoincrement`;
  await sql`create table bazaar_listings (
      ${seq},
      listing_id varchar(32) not null unique,
      slug varchar(120) not null unique,
      author_id integer not null references users (id) on delete cascade,
      source_logid varchar(32) references logbooks (logid) on delete set null,
      parent_listing_id varchar(32),
      caravan_id varchar(32) references caravans (caravan_id) on delete cascade,
      title varchar(200) not null,
      summary text not null,
      topics text not null,
      licence varchar(32) not null,
      include text not null,
      latest_version integer not null,
      forks integer not null default 0,
      stars integer not null default 0,
      published_at bigint not null,
      updated_at bigint not null,
      withdrawn_at bigint,
      hidden_at bigint
    )`.execute(db);
  await db.schema
    .createIndex('bazaar_listings_author_idx')
    .on('bazaar_listings')
    .columns(['author_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('bazaar_listings_forks_idx')
    .on('bazaar_listings')
    .columns(['forks', 'seq'])
    .execute();
  await db.schema
    .createIndex('bazaar_listings_stars_idx')
    .on('bazaar_listings')
    .columns(['stars', 'seq'])
    .execute();

  await db.schema
    .createTable('bazaar_versions')
    .addColumn('listing_id', 'varchar(32)', (c) =>
      c.notNull().references('bazaar_listings.listing_id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull().references('bazaar_copies.sha256'))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bazaar_versions_pk', ['listing_id', 'version'])
    .execute();

  await db.schema
    .createTable('bazaar_version_files')
    .addColumn('listing_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull().references('files.file_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('bazaar_version_files_pk', ['listing_id', 'version', 'file_id'])
    .addForeignKeyConstraint(
      'bazaar_version_files_version_fk',
      ['listing_id', 'version'],
      'bazaar_versions',
      ['listing_id', 'version'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('bazaar_version_files_file_idx')
    .on('bazaar_version_files')
    .column('file_id')
    .execute();

  await db.schema
    .createTable('bazaar_topics')
    .addColumn('topic', 'varchar(32)', (c) => c.notNull())
    .addColumn('listing_id', 'varchar(32)', (c) =>
      c.notNull().references('bazaar_listings.listing_id').onDelete('cascade'),
    )
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bazaar_topics_pk', ['topic', 'listing_id'])
    .execute();
  await db.schema
    .createIndex('bazaar_topics_seq_idx')
    .on('bazaar_topics')
    .columns(['topic', 'seq'])
    .execute();
  await db.schema.createIndex('bazaar_topics_listing_idx').on('bazaar_topics').column('listing_id').execute();

  await db.schema
    .createTable('bazaar_stars')
    .addColumn('listing_id', 'varchar(32)', (c) =>
      c.notNull().references('bazaar_listings.listing_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bazaar_stars_pk', ['listing_id', 'user_id'])
    .execute();
  await db.schema.createIndex('bazaar_stars_user_idx').on('bazaar_stars').column('user_id').execute();

  await db.schema
    .createTable('bazaar_reports')
    .addColumn('report_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('listing_id', 'varchar(32)', (c) =>
      c.notNull().references('bazaar_listings.listing_id').onDelete('cascade'),
    )
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bazaar_reports_created_idx')
    .on('bazaar_reports')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('bazaar_reports_listing_idx')
    .on('bazaar_reports')
    .columns(['listing_id', 'reporter_id'])
    .execute();

  if (dialect === 'postgres') {
    await sql`create table bazaar_search (seq bigint primary key, tsv tsvector not null)`.execute(db);
    await sql`create index bazaar_search_tsv_idx on bazaar_search using gin (tsv)`.execute(db);
  } else {
    await sql`create virtual table bazaar_search using fts5(body, tokenize = 'unicode61 remove_diacritics 0')`.execute(
      db,
    );
  }
}
