import { type Kysely, sql } from 'kysely';

/**
 * Asking well (DESIGN 12). A user's and a journal's instructions (sent as system messages before a
 * logbook's context), the user's choices for new logbooks (memory on, titles made after the first
 * answer) and a logbook's model settings (each null until set: the provider's own default).
 *
 * New accounts start with memory on; accounts made before keep what they had, memory off.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('memory_default', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('auto_titles', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update users set memory_default = 0`.execute(db);

  await db.schema
    .alterTable('journals')
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema.alterTable('logbooks').addColumn('temperature', 'double precision').execute();
  await db.schema.alterTable('logbooks').addColumn('max_output_tokens', 'integer').execute();
  await db.schema.alterTable('logbooks').addColumn('reasoning_effort', 'varchar(8)').execute();
}
