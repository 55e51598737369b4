import type { Kysely } from 'kysely';

/** Mapper profiles: the Mapper's appearance settings, one per user (listed as an array). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mapper_profiles')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('cursor_blink', 'integer', (c) => c.notNull())
    .addColumn('font_size', 'integer', (c) => c.notNull())
    .addColumn('right_click_paste', 'integer', (c) => c.notNull())
    .addColumn('background_color', 'varchar(32)', (c) => c.notNull())
    .addColumn('foreground_color', 'varchar(32)', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('cols', 'integer', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
}
