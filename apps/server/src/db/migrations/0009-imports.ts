import { type Kysely, sql } from 'kysely';

/**
 * Imports: a logbook remembers the conversation it was made from (`source_id`, unique per owner),
 * so importing the same export again adds only what is new. Import jobs live in the database, so
 * whichever server process is asked can tell a job's progress; what each conversation became is
 * one row of `import_job_items`, written in batches as the job goes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('logbooks').addColumn('source_id', 'varchar(300)').execute();
  await db.schema
    .createIndex('logbooks_owner_source_idx')
    .on('logbooks')
    .columns(['owner_id', 'source_id'])
    .unique()
    .where(sql.ref('source_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('import_jobs')
    .addColumn('job_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('format', 'varchar(32)')
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duplicates', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // One running import per user, enforced by the database across every server process.
  await db.schema
    .createIndex('import_jobs_running_idx')
    .on('import_jobs')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'running')
    .execute();
  await db.schema.createIndex('import_jobs_user_idx').on('import_jobs').column('user_id').execute();

  await db.schema
    .createTable('import_job_items')
    .addColumn('job_id', 'varchar(32)', (c) =>
      c.notNull().references('import_jobs.job_id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('logid', 'varchar(32)')
    .addColumn('reason', 'text')
    .addPrimaryKeyConstraint('import_job_items_pk', ['job_id', 'seq'])
    .execute();
}
