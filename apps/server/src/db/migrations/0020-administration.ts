import type { Kysely } from 'kysely';

/**
 * Instance administration and password reset (DESIGN 11): when each user was last seen (written
 * at most once a minute) and whether an administrator disabled them (their data stays); invite
 * links for registering, each good once, stored by the hash of its code; and mailed password
 * reset links, likewise stored hashed, good once within their hour.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_seen_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();

  await db.schema
    .createTable('registration_invites')
    .addColumn('invite_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('caravan_id', 'varchar(32)', (c) => c.references('caravans.caravan_id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
}
