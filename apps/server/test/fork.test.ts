import { Logbook } from '@caravanserai/api';
import { serializeLog } from '@caravanserai/logbook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogbook, createPublicSalted, entriesOf, entry, sampleEntries } from './factories.js';
import { expectStatus, type SignedIn, startServer, type TestServer } from './helper.js';

let server: TestServer;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  server = await startServer();
  alice = await server.signup('alice');
  bob = await server.signup('bob');
});
afterAll(() => server.close());

const EXAMPLE = 'example-mirage-hunt';

describe('forking', () => {
  it('copies a public seeded example into a private, unsalted fork owned by the forker', async () => {
    const source = await bob.client.logbooks.get(EXAMPLE);
    const response = await server.http(`/journals/logbooks/${EXAMPLE}/fork/`, {
      method: 'POST',
      token: bob.token,
    });
    expect(response.status).toBe(201);
    const fork = Logbook.parse(await response.json());

    expect(fork.logid).not.toBe(EXAMPLE);
    expect(fork.owner.username).toBe(bob.username);
    expect(fork).toMatchObject({
      title: source.title,
      private: true,
      salted: false,
      forked: true,
      version: 1,
    });
    expect(fork.entry_count).toBe(source.entry_count);
    expect(entriesOf(fork)).toEqual(entriesOf(source));
    expect(entriesOf(fork).length).toBeGreaterThan(0);

    expect((await bob.client.logbooks.list()).map((l) => l.logid)).toContain(fork.logid);
    await expectStatus(alice.client.logbooks.get(fork.logid), 404);
    await expectStatus(server.client().logbooks.get(fork.logid), 404);
  });

  it('gives a fork that can be edited while the original stays as it was', async () => {
    const source = await alice.client.logbooks.get(EXAMPLE);
    const fork = await alice.client.logbooks.fork(EXAMPLE);
    await alice.client.tags.submit({ logid: fork.logid, tag: 'comment', content: 'my own note' });
    await alice.client.tags.submit({
      logid: fork.logid,
      tag: entriesOf(fork)[0]!.tag,
      index: 0,
      content: '',
    });

    const edited = await alice.client.logbooks.get(fork.logid);
    expect(edited.entry_count).toBe(source.entry_count + 1);
    expect(entriesOf(edited).at(-1)).toEqual(entry('comment', 'my own note'));
    expect(await alice.client.logbooks.get(EXAMPLE)).toEqual(source);
  });

  it('works on another user’s public salted logbook, with a fresh version', async () => {
    const original = await createLogbook(alice.client, {
      private: false,
      log: serializeLog(sampleEntries()),
    });
    await alice.client.tags.submit({ logid: original.logid, tag: 'comment', content: 'added later' });
    const salted = await alice.client.logbooks.update(original.logid, {
      salted: true,
      description: 'salted one',
    });
    expect(salted.version).toBe(2);

    const fork = await bob.client.logbooks.fork(original.logid);
    expect(fork.owner.username).toBe(bob.username);
    expect(fork).toMatchObject({
      title: salted.title,
      description: 'salted one',
      private: true,
      salted: false,
      forked: true,
      version: 1,
      entry_count: 4,
    });
    expect(entriesOf(fork)).toEqual([...sampleEntries(), entry('comment', 'added later')]);
    expect((await alice.client.logbooks.list()).map((l) => l.logid)).not.toContain(fork.logid);
    expect(await alice.client.logbooks.get(original.logid)).toEqual(salted);
  });

  it('works on the caller’s own salted logbook', async () => {
    const own = await createLogbook(alice.client, { salted: true, log: serializeLog(sampleEntries()) });
    const fork = await alice.client.logbooks.fork(own.logid);
    expect(fork.logid).not.toBe(own.logid);
    expect(fork).toMatchObject({ salted: false, forked: true, private: true });
    expect(entriesOf(fork)).toEqual(sampleEntries());
  });

  it('refuses an unsalted logbook with 409 and creates nothing', async () => {
    const unsalted = await createLogbook(alice.client, {
      private: false,
      log: serializeLog(sampleEntries()),
    });
    const before = await bob.client.logbooks.list();
    const body = await expectStatus(bob.client.logbooks.fork(unsalted.logid), 409);
    expect(body).toEqual({ detail: 'Only salted logbooks can be forked.', code: 'not_salted' });
    await expectStatus(alice.client.logbooks.fork(unsalted.logid), 409);
    expect(await bob.client.logbooks.list()).toEqual(before);
  });

  it('answers 404 for another user’s private logbook and for an unknown one', async () => {
    const hidden = await createLogbook(alice.client, { salted: true, log: serializeLog(sampleEntries()) });
    const before = await bob.client.logbooks.list();
    await expectStatus(bob.client.logbooks.fork(hidden.logid), 404);
    await expectStatus(bob.client.logbooks.fork('no-such-logbook'), 404);
    expect(await bob.client.logbooks.list()).toEqual(before);
  });

  it('refuses anonymous visitors with 401', async () => {
    const shared = await createPublicSalted(alice.client);
    await expectStatus(server.client().logbooks.fork(shared.logid), 401);
    await expectStatus(server.client().logbooks.fork(EXAMPLE), 401);
  });
});

describe('the two-step fork of the spec', () => {
  it('creates a forked logbook, then copies the log into it and unsalts it', async () => {
    const source = await createPublicSalted(alice.client);

    const created = await bob.client.logbooks.create({ title: source.title, private: false, forked: true });
    expect(created).toMatchObject({ title: source.title, forked: true, salted: false, entry_count: 0 });

    const fork = await bob.client.logbooks.update(created.logid, {
      title: source.title,
      private: true,
      log: source.log,
      salted: false,
    });
    expect(fork.owner.username).toBe(bob.username);
    expect(fork).toMatchObject({ title: source.title, private: true, salted: false, forked: true });
    expect(entriesOf(fork)).toEqual(entriesOf(source));
    expect(fork.entry_count).toBe(source.entry_count);
    expect(await alice.client.logbooks.get(source.logid)).toEqual(source);
  });
});
