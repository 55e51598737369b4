import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Files a query carries (DESIGN 3a). The bytes live in the database, so every server process and
 * every backup has them: once per user and sha256 (`file_blobs`), however often they are uploaded.
 * Each upload is a `files` row (its own id and name); `file_refs` says which logbooks name which
 * files, so reading a file is checked against the logbooks that carry it and a file nobody's entry
 * names any more can be found and removed.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('file_blobs')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_blobs_pk', ['user_id', 'sha256'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('file_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('media_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // 1 once an entry has named it: from then on it goes when the last one stops naming it.
    .addColumn('named', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_blob_idx').on('files').columns(['user_id', 'sha256']).execute();

  await db.schema
    .createTable('file_refs')
    .addColumn('logid', 'varchar(32)', (c) => c.notNull().references('logbooks.logid').onDelete('cascade'))
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull().references('files.file_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('file_refs_pk', ['logid', 'file_id'])
    .execute();
  await db.schema.createIndex('file_refs_file_idx').on('file_refs').column('file_id').execute();
}
