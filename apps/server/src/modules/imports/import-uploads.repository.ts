import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** SQL of a queued job's upload, kept in the database in chunks (they go when the job ends). */
export class ImportUploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(jobId: string, seq: number, bytes: Uint8Array): Promise<void> {
    await this.db.insertInto('import_uploads').values({ job_id: jobId, seq, bytes }).execute();
  }

  /** The chunks' numbers, in order: each is then read alone, so no more than one is in memory. */
  async seqs(jobId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('import_uploads')
      .select('seq')
      .where('job_id', '=', jobId)
      .orderBy('seq')
      .execute();
    return rows.map((row) => row.seq);
  }

  async chunk(jobId: string, seq: number): Promise<Uint8Array | undefined> {
    const row = await this.db
      .selectFrom('import_uploads')
      .select('bytes')
      .where('job_id', '=', jobId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row?.bytes;
  }
}
