import { type Kysely, sql } from 'kysely';

/** The notices the workspace's shell box writes to a log as gen entries. */
const NOTICES = [
  'Memory Turned On',
  'Memory Turned Off',
  'Chat Memory On',
  'Chat Memory Off',
  'Invalid Command',
];

/**
 * A logbook remembers whether queries send the conversation (memory, off at first as the spec
 * says); notices already in logs get the marker that keeps them from being sent as the AI's words;
 * usage rows say when their token counts are estimates (the provider reported none).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('logbooks')
    .addColumn('memory', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('usage')
    .addColumn('estimated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Written by the shell box with no attributes and no qid: an answer always has its qid.
  await db
    .updateTable('entries')
    .set({ attrs: sql.lit('{"notice":"true"}') })
    .where('tag', '=', 'gen')
    .where('attrs', '=', '')
    .where('qid', 'is', null)
    .where('content', 'in', NOTICES)
    .execute();
}
