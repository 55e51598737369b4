import type { Kysely } from 'kysely';

/**
 * The provider calls running in any server process (DESIGN 9): one row per call while it runs, so
 * a Stop reaching another replica can ask for it (`stop_requested`) and the process running it,
 * told by a notification or by checking its row, stops it. Written on PostgreSQL only.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('running_queries')
    .addColumn('logid', 'varchar(32)', (c) => c.notNull())
    .addColumn('qid', 'varchar(64)', (c) => c.notNull())
    .addColumn('lane', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('stop_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('running_queries_pk', ['logid', 'qid', 'lane'])
    .execute();
}
