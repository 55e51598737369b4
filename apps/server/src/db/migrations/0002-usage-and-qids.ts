import type { Kysely } from 'kysely';

/**
 * Usage records (one row per query) and an indexed qid on entries, so a query's answer is found
 * without reading the whole log.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('entries').addColumn('qid', 'varchar(64)').execute();
  await db.schema.createIndex('entries_qid_idx').on('entries').columns(['logid', 'qid']).execute();

  await db.schema
    .createTable('usage')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wellid', 'varchar(32)')
    .addColumn('logid', 'varchar(32)')
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('model', 'varchar(200)', (c) => c.notNull())
    .addColumn('input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('streamed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('usage_user_idx').on('usage').columns(['user_id', 'created_at']).execute();
}
