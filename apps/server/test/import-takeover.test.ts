import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient } from '@caravanserai/api';
import { createTestDb, type TestDb } from '@caravanserai/test-kit';
import { writeChatGptExport } from '@caravanserai/test-kit/chatgpt-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './fixtures/imports/fixtures.js';
import {
  databaseEnv,
  expectEndedAs,
  FAST_QUEUE,
  jobRowIn,
  killPastItsProgress,
  logbooksOf,
  QUEUE_PROCESS,
  QUEUE_PROCESS_LISTENING,
  type Run,
  SERVER,
  SERVER_LISTENING,
  type Started,
  signupAt,
  startProcess,
  takerOn,
  until,
  uploadAt,
} from './import-queue-helpers.js';

/**
 * Imports run in any server process (DESIGN 9 "Jobs"): a job accepted by one process that dies
 * (a real `kill -9`) or is stopped (SIGTERM) mid-import is finished by another, and ends as an
 * uninterrupted run of the same file ends. The first process is a real child process; the one
 * that takes over is started in this test only once the first has gone, so nothing else could
 * have taken the job.
 */
const CONVERSATIONS = 500;

let testDb: TestDb;
let work: Awaited<ReturnType<typeof tempDir>>;
let exportFile: Uint8Array;
const children: Started[] = [];
let uninterrupted: { token: string; pk: number; jobId: string } | undefined;

beforeAll(async () => {
  testDb = await createTestDb();
  work = await tempDir();
  const path = join(work.dir, 'conversations.json');
  await writeChatGptExport(path, CONVERSATIONS, { turns: 1, answerChars: 200 });
  exportFile = await readFile(path);
});

afterAll(async () => {
  for (const started of children) started.child.kill('SIGKILL');
  await Promise.all(children.map((started) => started.exited));
  await testDb?.drop();
  await work?.remove();
});

/** The same file imported whole, never interrupted (once), asked for through `baseUrl`. */
async function uninterruptedRun(baseUrl: string): Promise<Run> {
  if (!uninterrupted) {
    const user = await signupAt(baseUrl, 'whole');
    uninterrupted = {
      token: user.token,
      pk: user.pk,
      jobId: await uploadAt(baseUrl, user.token, exportFile),
    };
  }
  return { ...uninterrupted, client: new ApiClient({ baseUrl, token: uninterrupted.token }) };
}

/** Takes the job over in this process and checks it ended as an uninterrupted run: its row after. */
async function takeOver(user: { token: string; pk: number }, jobId: string) {
  const { app, baseUrl } = await takerOn(testDb);
  try {
    const client = new ApiClient({ baseUrl, token: user.token });
    const job = await expectEndedAs(testDb, { client, pk: user.pk, jobId }, await uninterruptedRun(baseUrl));
    expect(job).toMatchObject({ status: 'done', total: CONVERSATIONS, done: CONVERSATIONS });
    expect(job.imported).toHaveLength(CONVERSATIONS);
    expect(await logbooksOf(testDb, user.pk)).toHaveLength(CONVERSATIONS);
    return jobRowIn(testDb, jobId);
  } finally {
    await app.close();
  }
}

describe('an import whose server process dies', () => {
  it('is taken over by another process once its lease runs out, and ends as an uninterrupted run would', async () => {
    const first = startProcess(
      QUEUE_PROCESS,
      { ...(await databaseEnv(testDb)), QUEUE_TIMINGS: JSON.stringify(FAST_QUEUE) },
      QUEUE_PROCESS_LISTENING,
    );
    children.push(first);
    const firstBase = `${await first.origin}/api`;
    const user = await signupAt(firstBase, 'killed');
    const jobId = await uploadAt(firstBase, user.token, exportFile);
    const left = await killPastItsProgress(testDb, first, jobId, user.pk);
    expect(left.done).toBeLessThan(CONVERSATIONS);

    expect(await takeOver(user, jobId)).toMatchObject({ attempts: 2 });
  }, 120_000);
});

describe('an import whose server process is stopped (SIGTERM)', () => {
  it('is handed back, not failed: another process takes it at once and ends it as an uninterrupted run would', async () => {
    const first = startProcess(
      SERVER,
      { ...(await databaseEnv(testDb)), SHUTDOWN_GRACE_SECONDS: '0', LOG_LEVEL: 'info' },
      SERVER_LISTENING,
    );
    children.push(first);
    const firstBase = `${await first.origin}/api`;
    const user = await signupAt(firstBase, 'stopped');
    const jobId = await uploadAt(firstBase, user.token, exportFile);
    await until(async () => ((await jobRowIn(testDb, jobId)).done >= 100 ? true : undefined));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Stopped between two conversations, its progress written and its lease let go.
    const left = await jobRowIn(testDb, jobId);
    expect(left).toMatchObject({ status: 'running', claimed_by: null, lease_until: null, detail: null });
    expect(left.done).toBeLessThan(CONVERSATIONS);
    expect(await logbooksOf(testDb, user.pk)).toHaveLength(left.done);

    // Handed back, the run that stopped is not counted against the job.
    expect(await takeOver(user, jobId)).toMatchObject({ attempts: 1 });
  }, 120_000);
});
