import type { Kysely } from 'kysely';

/**
 * Caravans: groups whose leaders share wells with members and cap their use. The policy lives on
 * the caravan's row (allowed_models as JSON text, caps as nullable integers, personal_wells 0/1).
 * A usage row names the caravan whose well answered it, so quotas and summaries read one index.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('caravans')
    .addColumn('caravan_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('allowed_models', 'text', (c) => c.notNull())
    .addColumn('member_monthly_queries', 'bigint')
    .addColumn('member_monthly_tokens', 'bigint')
    .addColumn('caravan_monthly_tokens', 'bigint')
    .addColumn('personal_wells', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('caravan_members')
    .addColumn('caravan_id', 'varchar(32)', (c) =>
      c.notNull().references('caravans.caravan_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('caravan_members_pk', ['caravan_id', 'user_id'])
    .execute();
  await db.schema.createIndex('caravan_members_user_idx').on('caravan_members').column('user_id').execute();

  await db.schema
    .createTable('caravan_invites')
    .addColumn('invite_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('caravan_id', 'varchar(32)', (c) =>
      c.notNull().references('caravans.caravan_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('caravan_invites_pending_idx')
    .on('caravan_invites')
    .columns(['caravan_id', 'user_id'])
    .unique()
    .execute();
  await db.schema.createIndex('caravan_invites_user_idx').on('caravan_invites').column('user_id').execute();

  await db.schema
    .createTable('caravan_wells')
    .addColumn('caravan_id', 'varchar(32)', (c) =>
      c.notNull().references('caravans.caravan_id').onDelete('cascade'),
    )
    .addColumn('wellid', 'varchar(32)', (c) => c.notNull().references('wells.wellid').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('caravan_wells_pk', ['caravan_id', 'wellid'])
    .execute();
  await db.schema.createIndex('caravan_wells_well_idx').on('caravan_wells').column('wellid').execute();

  await db.schema
    .createTable('caravan_audit')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('caravan_id', 'varchar(32)', (c) =>
      c.notNull().references('caravans.caravan_id').onDelete('cascade'),
    )
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('actor', 'varchar(255)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(255)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('caravan_audit_caravan_idx')
    .on('caravan_audit')
    .columns(['caravan_id', 'at', 'seq'])
    .execute();

  await db.schema.alterTable('usage').addColumn('caravan_id', 'varchar(32)').execute();
  // Quotas read one member's month; summaries one caravan's range. Both stay index range scans.
  await db.schema
    .createIndex('usage_caravan_member_idx')
    .on('usage')
    .columns(['caravan_id', 'user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('usage_caravan_time_idx')
    .on('usage')
    .columns(['caravan_id', 'created_at'])
    .execute();
}
