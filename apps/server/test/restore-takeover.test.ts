import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient, pathOf, routes } from '@caravanserai/api';
import { createLogbook, createTestDb, entry, type TestDb } from '@caravanserai/test-kit';
import { writeChatGptExport } from '@caravanserai/test-kit/chatgpt-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './fixtures/imports/fixtures.js';
import {
  databaseEnv,
  ended,
  expectEndedAs,
  FAST_QUEUE,
  killPastItsProgress,
  QUEUE_PROCESS,
  QUEUE_PROCESS_LISTENING,
  type Started,
  signupAt,
  startProcess,
  takerOn,
  uploadAt,
} from './import-queue-helpers.js';

/**
 * A restore is an import job in the queue too (DESIGN 9 "Jobs"): one whose server process dies
 * mid-way (a real `kill -9`) is finished by another as an uninterrupted restore would end: each
 * journal of the backup made once, every logbook once, the account's settings given back.
 */
const CONVERSATIONS = 300;
const SETTINGS = { instructions: 'Answer like a caravan master.', memory_default: false, auto_titles: false };
const RESTORE = { filename: 'backup.zip', path: pathOf(routes.backup.restore) };

let testDb: TestDb;
let work: Awaited<ReturnType<typeof tempDir>>;
let started: Started | undefined;

beforeAll(async () => {
  testDb = await createTestDb();
  work = await tempDir();
});

afterAll(async () => {
  started?.child.kill('SIGKILL');
  await started?.exited;
  await testDb?.drop();
  await work?.remove();
});

/** A backup of an account with settings, an imported history and a journal with instructions. */
async function backupAt(baseUrl: string): Promise<Uint8Array> {
  const owner = await signupAt(baseUrl, 'owner');
  await owner.client.auth.updateUser(SETTINGS);
  const guided = await owner.client.journals.create({ title: 'Guided', instructions: 'Use metric units.' });
  await createLogbook(owner.client, {
    title: 'Measured',
    journal: guided.jid,
    entries: [entry('query', 'How far?', { qid: 'q1111111' })],
  });
  const path = join(work.dir, 'conversations.json');
  await writeChatGptExport(path, CONVERSATIONS, { turns: 1, answerChars: 200 });
  const imported = await ended(owner.client, await uploadAt(baseUrl, owner.token, await readFile(path)));
  expect(imported).toMatchObject({ status: 'done', done: CONVERSATIONS });
  const response = await fetch(`${baseUrl}${pathOf(routes.backup.download)}`, {
    headers: { authorization: `Token ${owner.token}` },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const settingsOf = async (client: ApiClient) => {
  const { instructions, memory_default, auto_titles } = await client.auth.user();
  return { instructions, memory_default, auto_titles };
};

describe('a restore whose server process dies', () => {
  it('is taken over and ends as an uninterrupted restore would: each journal once, the settings given back', async () => {
    started = startProcess(
      QUEUE_PROCESS,
      { ...(await databaseEnv(testDb)), QUEUE_TIMINGS: JSON.stringify(FAST_QUEUE) },
      QUEUE_PROCESS_LISTENING,
    );
    const firstBase = `${await started.origin}/api`;
    const backup = await backupAt(firstBase);
    const user = await signupAt(firstBase, 'restorer');
    const jobId = await uploadAt(firstBase, user.token, backup, RESTORE);
    await killPastItsProgress(testDb, started, jobId, user.pk);
    // The settings are given back at the end only.
    const before = await testDb.db.kysely
      .selectFrom('users')
      .select('instructions')
      .where('id', '=', user.pk)
      .executeTakeFirstOrThrow();
    expect(before.instructions).toBe('');

    const { app, baseUrl } = await takerOn(testDb);
    try {
      const client = new ApiClient({ baseUrl, token: user.token });
      const whole = await signupAt(baseUrl, 'whole');
      const reference = { ...whole, jobId: await uploadAt(baseUrl, whole.token, backup, RESTORE) };
      const job = await expectEndedAs(testDb, { client, pk: user.pk, jobId }, reference);
      expect(job).toMatchObject({ status: 'done', format: 'caravanserai-backup', done: CONVERSATIONS + 1 });
      expect((await client.journals.list()).map((j) => j.title).sort()).toEqual([
        expect.stringMatching(/^ChatGPT import /),
        'Guided',
      ]);
      expect(await settingsOf(client)).toEqual(SETTINGS);
    } finally {
      await app.close();
    }
  }, 120_000);
});
