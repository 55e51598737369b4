import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Imports as a durable queue (DESIGN 9): any server process may run a job, so the upload is kept
 * in the database in chunks (`import_uploads`, deleted when the job ends) and the job row says what
 * a run needs (the upload's name and size, the journal chosen, whether it is a restore) and who
 * holds it (`claimed_by`, `lease_until`: a lease renewed while it runs; one that runs out is taken
 * over). A job with no `upload_size` is one an older release runs in its own process (or one whose
 * upload is still being stored): it keeps the heartbeat rule. `import_marks` says which logbooks a
 * job created or grew for which conversation of its file, so a run taken over counts them as the
 * first run did; `made_journals` the journals it made, so the rest is filed beside them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('import_jobs').addColumn('upload_name', 'varchar(255)').execute();
  await db.schema.alterTable('import_jobs').addColumn('upload_size', 'bigint').execute();
  await db.schema.alterTable('import_jobs').addColumn('journal', 'varchar(32)').execute();
  await db.schema
    .alterTable('import_jobs')
    .addColumn('restore', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('import_jobs').addColumn('made_journals', 'text').execute();
  await db.schema.alterTable('import_jobs').addColumn('claimed_by', 'varchar(100)').execute();
  await db.schema.alterTable('import_jobs').addColumn('lease_until', 'bigint').execute();
  await db.schema
    .alterTable('import_jobs')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The queue: running jobs, oldest first.
  await db.schema
    .createIndex('import_jobs_queue_idx')
    .on('import_jobs')
    .columns(['created_at', 'job_id'])
    .where(sql.ref('status'), '=', 'running')
    .execute();

  await db.schema
    .createTable('import_uploads')
    .addColumn('job_id', 'varchar(32)', (c) =>
      c.notNull().references('import_jobs.job_id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_uploads_pk', ['job_id', 'seq'])
    .execute();

  await db.schema
    .createTable('import_marks')
    .addColumn('job_id', 'varchar(32)', (c) =>
      c.notNull().references('import_jobs.job_id').onDelete('cascade'),
    )
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('logid', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_marks_pk', ['job_id', 'item'])
    .execute();
}
