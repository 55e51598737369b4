import type { Kysely } from 'kysely';

/**
 * Tokens expire after a period without use, so each remembers when it was last used. Existing
 * tokens count as last used when they were issued: the oldest expire first, none outlive the TTL.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite cannot add a NOT NULL column without a default, nor set NOT NULL afterwards: the default
  // only fills the column until the backfill below; the server always writes the real value.
  await db.schema
    .alterTable('tokens')
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('tokens')
    .set((eb) => ({ last_used_at: eb.ref('created_at') }))
    .execute();
}
