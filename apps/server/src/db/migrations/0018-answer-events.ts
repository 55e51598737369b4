import type { Kysely } from 'kysely';

/**
 * The events of the answer streams running or just ended (DESIGN 9), so a client whose stream was
 * cut can reconnect to any server process with `Last-Event-ID` and be sent the rest: the process
 * running an answer writes its events in chunks as they go out (`frames`: a JSON list of the
 * events as sent, the first numbered `first_seq`), the last chunk marked `ended`. Rows are deleted
 * when the same query streams again and an hour after they were written.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('answer_events')
    .addColumn('logid', 'varchar(32)', (c) => c.notNull())
    .addColumn('qid', 'varchar(64)', (c) => c.notNull())
    .addColumn('chunk', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('first_seq', 'integer', (c) => c.notNull())
    .addColumn('frames', 'text', (c) => c.notNull())
    .addColumn('ended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('answer_events_pk', ['logid', 'qid', 'chunk'])
    .execute();
  await db.schema.createIndex('answer_events_at').on('answer_events').column('at').execute();
}
