import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * One schema for both dialects. The only dialect-specific piece is the auto-increment user id
 * (dj-rest-auth clients expect an integer pk); every other id and time comes from app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('username', 'varchar(150)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'varchar(32)', (c) => c.notNull().defaultTo('Pilgrim'))
    .addColumn('location', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('stripe_customer_id', 'varchar(255)')
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tokens_user_idx').on('tokens').column('user_id').execute();

  await db.schema
    .createTable('journals')
    .addColumn('jid', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journals_owner_idx')
    .on('journals')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('wells')
    .addColumn('wellid', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('origin_loc', 'varchar(200)', (c) => c.notNull())
    .addColumn('model_url', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('key_ciphertext', 'text', (c) => c.notNull())
    .addColumn('key_hint', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wells_owner_idx').on('wells').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('logbooks')
    .addColumn('logid', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('jid', 'varchar(32)', (c) => c.references('journals.jid').onDelete('set null'))
    .addColumn('logwell', 'varchar(32)', (c) => c.references('wells.wellid').onDelete('restrict'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('private', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('salted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('forked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('entry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('logbooks_owner_idx')
    .on('logbooks')
    .columns(['owner_id', 'modified_at'])
    .execute();
  await db.schema.createIndex('logbooks_jid_idx').on('logbooks').column('jid').execute();
  await db.schema.createIndex('logbooks_logwell_idx').on('logbooks').column('logwell').execute();

  await db.schema
    .createTable('entries')
    .addColumn('logid', 'varchar(32)', (c) => c.notNull().references('logbooks.logid').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('tag', 'varchar(16)', (c) => c.notNull())
    .addColumn('attrs', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('entries_pk', ['logid', 'position'])
    .execute();
}
