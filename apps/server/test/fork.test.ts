import { Logbook, pathOf, routes } from '@caravanserai/api';
import { serializeLog } from '@caravanserai/logbook';
import {
  createLogbook,
  createPublicSalted,
  entriesOf,
  entry,
  expectStatus,
  sampleEntries,
  useServer,
} from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'] });

const EXAMPLE = 'example-mirage-hunt';

describe('forking', () => {
  it('copies a public seeded example into a private, unsalted fork owned by the forker', async () => {
    const source = await t.bob.client.logbooks.get(EXAMPLE);
    const response = await t.server.http(pathOf(routes.logbooks.fork, { logid: EXAMPLE }), {
      method: 'POST',
      token: t.bob.token,
    });
    expect(response.status).toBe(201);
    const fork = Logbook.parse(await response.json());

    expect(fork.logid).not.toBe(EXAMPLE);
    expect(fork.owner.username).toBe(t.bob.username);
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

    expect((await t.bob.client.logbooks.list()).map((l) => l.logid)).toContain(fork.logid);
    await expectStatus(t.alice.client.logbooks.get(fork.logid), 404);
    await expectStatus(t.server.client().logbooks.get(fork.logid), 404);
  });

  it('gives a fork that can be edited while the original stays as it was', async () => {
    const source = await t.alice.client.logbooks.get(EXAMPLE);
    const fork = await t.alice.client.logbooks.fork(EXAMPLE);
    await t.alice.client.entries.write({ logid: fork.logid, tag: 'comment', content: 'my own note' });
    await t.alice.client.entries.write({
      logid: fork.logid,
      tag: entriesOf(fork)[0]!.tag,
      index: 0,
      content: '',
    });

    const edited = await t.alice.client.logbooks.get(fork.logid);
    expect(edited.entry_count).toBe(source.entry_count + 1);
    expect(entriesOf(edited).at(-1)).toEqual(entry('comment', 'my own note'));
    expect(await t.alice.client.logbooks.get(EXAMPLE)).toEqual(source);
  });

  it('works on another user’s public salted logbook, with a fresh version', async () => {
    const original = await createLogbook(t.alice.client, {
      private: false,
      log: serializeLog(sampleEntries()),
    });
    await t.alice.client.entries.write({ logid: original.logid, tag: 'comment', content: 'added later' });
    const salted = await t.alice.client.logbooks.update(original.logid, {
      salted: true,
      description: 'salted one',
    });
    expect(salted.version).toBe(2);

    const fork = await t.bob.client.logbooks.fork(original.logid);
    expect(fork.owner.username).toBe(t.bob.username);
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
    expect((await t.alice.client.logbooks.list()).map((l) => l.logid)).not.toContain(fork.logid);
    expect(await t.alice.client.logbooks.get(original.logid)).toEqual(salted);
  });

  it('works on the caller’s own salted logbook', async () => {
    const own = await createLogbook(t.alice.client, { salted: true, log: serializeLog(sampleEntries()) });
    const fork = await t.alice.client.logbooks.fork(own.logid);
    expect(fork.logid).not.toBe(own.logid);
    expect(fork).toMatchObject({ salted: false, forked: true, private: true });
    expect(entriesOf(fork)).toEqual(sampleEntries());
  });

  it('refuses an unsalted logbook with 409 and creates nothing', async () => {
    const unsalted = await createLogbook(t.alice.client, {
      private: false,
      log: serializeLog(sampleEntries()),
    });
    const before = await t.bob.client.logbooks.list();
    const body = await expectStatus(t.bob.client.logbooks.fork(unsalted.logid), 409);
    expect(body).toEqual({ detail: 'Only salted logbooks can be forked.', code: 'not_salted' });
    await expectStatus(t.alice.client.logbooks.fork(unsalted.logid), 409);
    expect(await t.bob.client.logbooks.list()).toEqual(before);
  });

  it('answers 404 for another user’s private logbook and for an unknown one', async () => {
    const hidden = await createLogbook(t.alice.client, { salted: true, log: serializeLog(sampleEntries()) });
    const before = await t.bob.client.logbooks.list();
    await expectStatus(t.bob.client.logbooks.fork(hidden.logid), 404);
    await expectStatus(t.bob.client.logbooks.fork('no-such-logbook'), 404);
    expect(await t.bob.client.logbooks.list()).toEqual(before);
  });

  it('refuses anonymous visitors with 401', async () => {
    const shared = await createPublicSalted(t.alice.client);
    await expectStatus(t.server.client().logbooks.fork(shared.logid), 401);
    await expectStatus(t.server.client().logbooks.fork(EXAMPLE), 401);
  });
});

describe('the two-step fork of the spec', () => {
  it('creates a forked logbook, then copies the log into it and unsalts it', async () => {
    const source = await createPublicSalted(t.alice.client);

    const created = await t.bob.client.logbooks.create({ title: source.title, private: false, forked: true });
    expect(created).toMatchObject({ title: source.title, forked: true, salted: false, entry_count: 0 });

    const fork = await t.bob.client.logbooks.update(created.logid, {
      title: source.title,
      private: true,
      log: source.log,
      salted: false,
    });
    expect(fork.owner.username).toBe(t.bob.username);
    expect(fork).toMatchObject({ title: source.title, private: true, salted: false, forked: true });
    expect(entriesOf(fork)).toEqual(entriesOf(source));
    expect(fork.entry_count).toBe(source.entry_count);
    expect(await t.alice.client.logbooks.get(source.logid)).toEqual(source);
  });

  it('keeps the source’s head, as the one-step fork does, whatever branch the source was left on', async () => {
    const source = await createLogbook(t.alice.client, {
      title: 'Two answers',
      private: false,
      entries: [
        entry('query', 'Which road?', { qid: 'q7777777', eid: 'roadq333' }),
        entry('gen', 'The northern one.', { qid: 'q7777777', eid: 'north333' }),
        entry('gen', 'The southern one.', { qid: 'q7777777', eid: 'south333', parent: 'roadq333' }),
      ],
    });
    // Left on the older answer: not the last entry, which a log written whole would otherwise show.
    await t.alice.client.logbooks.head(source.logid, { eid: 'north333' });
    const salted = await t.alice.client.logbooks.update(source.logid, { salted: true });
    expect(salted.head).toBe('north333');

    const oneStep = await t.bob.client.logbooks.fork(source.logid);
    expect(oneStep.head).toBe('north333');

    const created = await t.bob.client.logbooks.create({ title: salted.title, private: false, forked: true });
    const twoStep = await t.bob.client.logbooks.update(created.logid, {
      title: salted.title,
      private: true,
      log: salted.log,
      salted: false,
    });
    expect(twoStep.head).toBe('north333');
    expect(entriesOf(twoStep)).toEqual(entriesOf(salted));
    const page = await t.bob.client.logbooks.entries(twoStep.logid, {});
    expect(page.entries.map((e) => e.content)).toEqual(['Which road?', 'The northern one.']);

    // A log written into a fork later is written as any log is: the fork's own head is kept.
    await t.bob.client.logbooks.head(twoStep.logid, { eid: 'south333' });
    const rewritten = await t.bob.client.logbooks.update(twoStep.logid, { log: salted.log });
    expect(rewritten.head).toBe('south333');

    // A log that is not the source's (another tree) gets the head any new log gets: its last entry.
    const other = await t.bob.client.logbooks.create({ title: salted.title, private: false, forked: true });
    const edited = await t.bob.client.logbooks.update(other.logid, {
      log: serializeLog([
        entry('query', 'Which road?', { qid: 'q7777777', eid: 'roadq333' }),
        entry('gen', 'The northern one.', { qid: 'q7777777', eid: 'north333' }),
        entry('gen', 'The southern one.', { qid: 'q7777777', eid: 'south333', parent: 'north333' }),
      ]),
    });
    expect(edited.head).toBe('south333');
  });
});
