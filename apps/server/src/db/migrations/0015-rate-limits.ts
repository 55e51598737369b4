import type { Kysely } from 'kysely';

/**
 * Rate-limit counters every server process shares (DESIGN 9): one row per limited route and
 * client, its count in the current window and when that window ends. Without them each process
 * would count on its own, and N replicas would allow N times the limit.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
}
