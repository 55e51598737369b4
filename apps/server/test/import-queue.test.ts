import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient } from '@caravanserai/api';
import { type SignedIn, useServer } from '@caravanserai/test-kit';
import { writeChatGptExport } from '@caravanserai/test-kit/chatgpt-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_DETAIL } from '../src/modules/imports/queued-job.js';
import { tempDir } from './fixtures/imports/fixtures.js';
import { ended, FAST_QUEUE, jobRow, uploadAt } from './import-queue-helpers.js';
import { useSecondProcess } from './second-process.js';

/**
 * The import queue in the database (DESIGN 9 "Jobs"), taken from by two server processes (on
 * SQLite too, though a deployment runs one there).
 */
const t = useServer({ users: ['alice', 'bob'], overrides: { importQueueTimings: FAST_QUEUE } });
const second = useSecondProcess(t);
const onPostgres = process.env.TEST_DB === 'postgres';

let work: Awaited<ReturnType<typeof tempDir>>;
/** 40 conversations of about 60 KB each: an upload of three chunks, imported in moments. */
let threeChunks: Buffer;
beforeAll(async () => {
  work = await tempDir();
  const path = join(work.dir, 'large.json');
  await writeChatGptExport(path, 40, { turns: 1, answerChars: 60_000 });
  threeChunks = await readFile(path);
});
afterAll(() => work?.remove());

const db = () => t.server.testDb.db.kysely;
const chunksOf = (jobId: string) =>
  db()
    .selectFrom('import_uploads')
    .select(['seq', 'bytes'])
    .where('job_id', '=', jobId)
    .orderBy('seq')
    .execute();
const storedJob = (jobId: string) =>
  db().selectFrom('import_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();

/**
 * Every slot taken by jobs other processes run (live leases): jobs of users of their own, as
 * such a process leaves them in the queue. The returned function ends them.
 */
async function slotsTakenElsewhere(): Promise<() => Promise<void>> {
  const ids: string[] = [];
  for (let n = 0; n < t.server.config.importConcurrency; n++) {
    const other = await t.server.signup('elsewhere');
    const at = Date.now();
    const jobId = `elsewhere${n}${String(at).slice(-4)}`;
    ids.push(jobId);
    await db()
      .insertInto('import_jobs')
      .values(
        jobRow(jobId, other.pk, {
          upload_name: 'conversations.json',
          upload_size: 1,
          claimed_by: 'another-process',
          lease_until: at + 10 * 60_000,
          attempts: 1,
        }),
      )
      .execute();
  }
  return async () => {
    await db()
      .updateTable('import_jobs')
      .set({ status: 'done', finished_at: Date.now(), claimed_by: null, lease_until: null })
      .where('job_id', 'in', ids)
      .execute();
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a job in the queue', () => {
  it('waits while IMPORT_CONCURRENCY jobs run in other processes, its upload in the database in 1 MB chunks; runs once a slot is free; its chunks go when it ends', async () => {
    const release = await slotsTakenElsewhere();
    let jobId: string;
    try {
      jobId = await uploadAt(t.server.baseUrl, t.alice.token, threeChunks);
      // Many looks at the queue later it still waits, shown as running, nothing done.
      await pause(FAST_QUEUE.pollMs * 10);
      expect(await t.alice.client.imports.get(jobId)).toMatchObject({ status: 'running', total: 0, done: 0 });
      expect(await storedJob(jobId)).toMatchObject({
        upload_name: 'conversations.json',
        upload_size: threeChunks.length,
        claimed_by: null,
        lease_until: null,
        attempts: 0,
      });
      const chunks = await chunksOf(jobId);
      expect(chunks.map((c) => [c.seq, c.bytes.byteLength])).toEqual([
        [0, 1024 * 1024],
        [1, 1024 * 1024],
        [2, threeChunks.length - 2 * 1024 * 1024],
      ]);
      expect(Buffer.concat(chunks.map((c) => c.bytes)).equals(threeChunks)).toBe(true);
    } finally {
      await release();
    }

    const job = await ended(t.alice.client, jobId);
    expect(job).toMatchObject({ status: 'done', total: 40, done: 40, duplicates: 0 });
    expect(job.imported).toHaveLength(40);
    expect(await chunksOf(jobId)).toEqual([]);
    expect(
      await db().selectFrom('import_marks').select('item').where('job_id', '=', jobId).execute(),
    ).toEqual([]);
    expect(await storedJob(jobId)).toMatchObject({ claimed_by: null, lease_until: null, attempts: 1 });
  });

  it('fails, its chunks gone, once its runs have ended unannounced too often (each may have been what stopped its process)', async () => {
    const release = await slotsTakenElsewhere();
    let jobId: string;
    try {
      jobId = await uploadAt(t.server.baseUrl, t.bob.token, threeChunks);
      await db().updateTable('import_jobs').set({ attempts: 5 }).where('job_id', '=', jobId).execute();
    } finally {
      await release();
    }
    const job = await ended(t.bob.client, jobId);
    expect(job).toMatchObject({ status: 'failed', detail: INTERRUPTED_DETAIL, done: 0, imported: [] });
    expect(await chunksOf(jobId)).toEqual([]);
    expect(await t.bob.client.logbooks.list()).toEqual([]);
  });
});

describe('two server processes on one PostgreSQL', () => {
  it.runIf(onPostgres)(
    'run IMPORT_CONCURRENCY jobs at once between them, never more; the rest wait their turn',
    async () => {
      const path = join(work.dir, 'medium.json');
      await writeChatGptExport(path, 150, { turns: 1, answerChars: 200 });
      const file = await readFile(path);
      const users: SignedIn[] = [];
      for (let n = 0; n < 4; n++) users.push(await t.server.signup('many'));
      const jobs: { client: ApiClient; jobId: string }[] = [];
      for (const [n, user] of users.entries()) {
        // Half accepted by each process.
        const base = n % 2 === 0 ? t.server.baseUrl : second.baseUrl;
        jobs.push({
          client: new ApiClient({ baseUrl: base, token: user.token }),
          jobId: await uploadAt(base, user.token, file),
        });
      }
      let most = 0;
      let waitedAtTheLimit = false;
      const all = Promise.all(jobs.map(({ client, jobId }) => ended(client, jobId)));
      let finished = false;
      void all.finally(() => {
        finished = true;
      });
      const ids = jobs.map((j) => j.jobId);
      while (!finished) {
        const rows = await db()
          .selectFrom('import_jobs')
          .select(['lease_until', 'status'])
          .where('job_id', 'in', ids)
          .execute();
        const at = Date.now();
        const leased = rows.filter(
          (r) => r.status === 'running' && r.lease_until !== null && r.lease_until > at,
        );
        const waiting = rows.filter((r) => r.status === 'running' && r.lease_until === null);
        most = Math.max(most, leased.length);
        if (leased.length === t.server.config.importConcurrency && waiting.length > 0)
          waitedAtTheLimit = true;
        await pause(10);
      }
      for (const job of await all) {
        expect(job).toMatchObject({ status: 'done', total: 150, done: 150, duplicates: 0 });
        expect(job.imported).toHaveLength(150);
      }
      expect(most).toBe(t.server.config.importConcurrency);
      expect(waitedAtTheLimit).toBe(true);
    },
    120_000,
  );
});
