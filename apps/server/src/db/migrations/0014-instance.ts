import type { Kysely } from 'kysely';

/**
 * Facts about the installation as a whole, one row each (DESIGN 9): first, the fingerprint of the
 * secret key the stored API keys are sealed with, so a server process given another key refuses
 * to start instead of failing on every well.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('instance')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
