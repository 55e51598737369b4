import type { Kysely } from 'kysely';

/**
 * Personal API keys (DESIGN 11): each stored by the SHA-256 of its secret, with the few first
 * characters kept to recognise it in a list, an optional expiry and its last use. Revoking deletes
 * the row, so a revoked key is unknown from the next request on.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(32)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('api_keys_user_idx')
    .on('api_keys')
    .columns(['user_id', 'created_at'])
    .execute();
}
