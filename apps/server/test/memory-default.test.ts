import { Logbook, pathOf, routes } from '@caravanserai/api';
import { serializeLog } from '@caravanserai/logbook';
import { createLogbook, createPublicSalted, entry, type SignedIn, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { chatgpt, importFile, json } from './import-helpers.js';

const t = useServer({ users: ['alice', 'bob'] });

/** A new user who has chosen memory off for their new logbooks. */
async function memoryOffUser(prefix: string): Promise<SignedIn> {
  const user = await t.server.signup(prefix);
  await user.client.auth.updateUser({ memory_default: false });
  return user;
}

describe('a new logbook’s memory', () => {
  it('is on when the request does not say, for an account that keeps the default', async () => {
    const logbook = await createLogbook(t.alice.client, { title: 'Unsaid' });
    expect(logbook.memory).toBe(true);
    expect((await t.alice.client.logbooks.get(logbook.logid)).memory).toBe(true);
  });

  it('follows the owner’s choice when the request does not say', async () => {
    const user = await memoryOffUser('off');
    const logbook = await createLogbook(user.client, { title: 'Unsaid' });
    expect(logbook.memory).toBe(false);

    await user.client.auth.updateUser({ memory_default: true });
    expect((await createLogbook(user.client)).memory).toBe(true);
  });

  it('is what the request says, whatever the owner chose', async () => {
    const user = await memoryOffUser('explicit');
    expect((await createLogbook(user.client, { memory: true })).memory).toBe(true);
    expect((await createLogbook(t.alice.client, { memory: false })).memory).toBe(false);
    // The 'true'/'false' an HTML form sends count as saying.
    const response = await t.server.http(pathOf(routes.logbooks.create), {
      method: 'POST',
      token: user.token,
      body: JSON.stringify({ title: 'Form', memory: 'true' }),
    });
    expect(response.status).toBe(201);
    expect(Logbook.parse(await response.json()).memory).toBe(true);
  });

  it('still changes per logbook afterwards', async () => {
    const logbook = await createLogbook(t.alice.client);
    expect((await t.alice.client.logbooks.update(logbook.logid, { memory: false })).memory).toBe(false);
    expect((await t.alice.client.logbooks.get(logbook.logid)).memory).toBe(false);
    expect((await createLogbook(t.alice.client)).memory).toBe(true);
  });
});

describe('a fork’s memory', () => {
  it('is the forker’s choice for new logbooks, not the original’s', async () => {
    const withMemory = await createPublicSalted(t.alice.client);
    const original = await createLogbook(t.alice.client, {
      private: false,
      salted: true,
      memory: false,
      entries: [entry('query', 'Hello?', { qid: 'q1234567' })],
    });
    expect(original.memory).toBe(false);

    const bobs = await t.bob.client.logbooks.fork(original.logid);
    expect(bobs.memory).toBe(true);

    const carol = await memoryOffUser('carol');
    expect(withMemory.memory).toBe(true);
    const carols = await carol.client.logbooks.fork(withMemory.logid);
    expect(carols.memory).toBe(false);
  });

  it('is the forker’s choice too in the two-step fork (create, then write the log)', async () => {
    const source = await createPublicSalted(t.alice.client);
    const carol = await memoryOffUser('twostep');
    const copy = await carol.client.logbooks.create({ title: source.title, private: true, forked: true });
    const written = await carol.client.logbooks.update(copy.logid, { log: source.log, salted: false });
    expect(written).toMatchObject({ forked: true, memory: false });
  });
});

describe('an import’s logbooks', () => {
  it('have memory on, whatever the owner chose: they were conversations', async () => {
    const user = await memoryOffUser('importer');
    const job = await importFile(
      t.server,
      user,
      json([
        chatgpt('mem1', [['Where is Merv?', 'In Turkmenistan.']]),
        chatgpt('mem2', [['And Bukhara?', 'Uzbekistan.']]),
      ]),
    );
    expect(job).toMatchObject({ status: 'done', skipped: [] });
    expect(job.imported).toHaveLength(2);
    for (const { logid } of job.imported) expect((await user.client.logbooks.get(logid)).memory).toBe(true);

    const xml = serializeLog([
      entry('query', 'Hi', { qid: 'q7654321' }),
      entry('gen', 'Hello', { qid: 'q7654321' }),
    ]);
    const own = await importFile(t.server, user, xml, { filename: 'mine1234.xml' });
    expect(own.imported).toHaveLength(1);
    expect((await user.client.logbooks.get(own.imported[0]!.logid)).memory).toBe(true);
  });
});
