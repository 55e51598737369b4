import { type ApiClient, Logbook, pathOf, routes } from '@caravanserai/api';
import { serializeLog } from '@caravanserai/logbook';
import {
  createLogbook,
  entriesOf,
  entry,
  expectStatus,
  nextMillisecond,
  sampleEntries,
  useServer,
} from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'] });

const INVALID_LOG = { log: ['Invalid log XML format.'] };

describe('logbook list', () => {
  it('shows only the caller’s own logbooks, most recently modified first', async () => {
    const carol = await t.server.signup('carol');
    const first = await createLogbook(carol.client, { title: 'first' });
    await nextMillisecond();
    const second = await createLogbook(carol.client, { title: 'second' });
    await nextMillisecond();
    const third = await createLogbook(carol.client, { title: 'third' });
    const someoneElses = await createLogbook(t.bob.client, { private: false });

    const ids = (await carol.client.logbooks.list()).map((l) => l.logid);
    expect(ids).toEqual([third.logid, second.logid, first.logid]);
    expect(ids).not.toContain(someoneElses.logid);

    await nextMillisecond();
    const touched = await carol.client.logbooks.touch(first.logid);
    expect(touched.logid).toBe(first.logid);
    expect(Date.parse(touched.modified)).toBeGreaterThan(Date.parse(third.modified));
    expect((await carol.client.logbooks.list()).map((l) => l.logid)).toEqual([
      first.logid,
      third.logid,
      second.logid,
    ]);
  });

  it('does not list the public examples or other users’ public logbooks', async () => {
    const dave = await t.server.signup('dave');
    expect(await dave.client.logbooks.list()).toEqual([]);
  });
});

describe('creating a logbook', () => {
  it('answers 201; an empty or missing title becomes Default and it is private by default', async () => {
    const response = await t.server.http(pathOf(routes.logbooks.create), {
      method: 'POST',
      token: t.alice.token,
      body: JSON.stringify({ title: '' }),
    });
    expect(response.status).toBe(201);
    const blank = Logbook.parse(await response.json());
    expect(blank.title).toBe('Default');
    expect(blank.private).toBe(true);
    expect(blank.salted).toBe(false);
    expect(blank.forked).toBe(false);
    expect(blank.entry_count).toBe(0);
    expect(entriesOf(blank)).toEqual([]);

    const missing = await t.alice.client.logbooks.create({});
    expect(missing.title).toBe('Default');
    expect(missing.private).toBe(true);
  });

  it('serves the detail with the XML log, owner, version and entry count', async () => {
    const entries = sampleEntries();
    const created = await t.alice.client.logbooks.create({
      title: 'Detailed',
      description: 'with entries',
      log: serializeLog(entries),
    });
    const logbook = await t.alice.client.logbooks.get(created.logid);
    expect(logbook.title).toBe('Detailed');
    expect(logbook.description).toBe('with entries');
    expect(logbook.owner.username).toBe(t.alice.username);
    expect(logbook.version).toBe(1);
    expect(logbook.entry_count).toBe(3);
    expect(logbook.log.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<logbook version="1">')).toBe(
      true,
    );
    expect(logbook.log.trimEnd().endsWith('</logbook>')).toBe(true);
    expect(entriesOf(logbook)).toEqual(entries);
  });

  it('accepts a bare run of entries as the log', async () => {
    const created = await t.alice.client.logbooks.create({
      log: '<comment>a note</comment><query qid="q1">why?</query>',
    });
    expect(created.entry_count).toBe(2);
    expect(entriesOf(created)).toEqual([entry('comment', 'a note'), entry('query', 'why?', { qid: 'q1' })]);
    expect(created.log).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<logbook version="1">/);
  });

  it('files it in the caller’s own journal', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Mine' });
    const logbook = await createLogbook(t.alice.client, { journal: journal.jid });
    expect(logbook.journal).toBe(journal.jid);
    expect((await t.alice.client.journals.get(journal.jid)).logbooks.map((l) => l.logid)).toEqual([
      logbook.logid,
    ]);
  });

  it('refuses someone else’s journal or an unknown well with 400 and creates nothing', async () => {
    const bobsJournal = await t.bob.client.journals.create({ title: 'Bob only' });
    const before = await t.alice.client.logbooks.list();

    const journalError = await expectStatus(
      t.alice.client.logbooks.create({ journal: bobsJournal.jid }),
      400,
    );
    expect(Object.keys(journalError)).toEqual(['journal']);
    expect(journalError.journal).toEqual([`Invalid pk "${bobsJournal.jid}" - object does not exist.`]);

    const wellError = await expectStatus(t.alice.client.logbooks.create({ logwell: 'no-such-well' }), 400);
    expect(Object.keys(wellError)).toEqual(['logwell']);

    expect(await t.alice.client.logbooks.list()).toEqual(before);
    expect((await t.bob.client.journals.get(bobsJournal.jid)).logbooks).toEqual([]);
  });

  it('refuses a log that is not XML with 400 and creates nothing', async () => {
    const before = await t.alice.client.logbooks.list();
    for (const log of [
      '<comment>unclosed',
      '<comment>a</query>',
      '<logbook><comment>x</comment>',
      'just text <',
    ]) {
      expect(await expectStatus(t.alice.client.logbooks.create({ title: 'broken', log }), 400)).toEqual(
        INVALID_LOG,
      );
    }
    expect(await t.alice.client.logbooks.list()).toEqual(before);
  });

  it('refuses anonymous creation with 401', async () => {
    await expectStatus(t.server.client().logbooks.create({ title: 'anon' }), 401);
    await expectStatus(t.server.client().logbooks.list(), 401);
  });
});

describe('reading a logbook', () => {
  it('hides a private logbook from other users and from anonymous visitors (404)', async () => {
    const secret = await createLogbook(t.alice.client, {
      title: 'secret',
      log: serializeLog(sampleEntries()),
    });
    expect(await expectStatus(t.bob.client.logbooks.get(secret.logid), 404)).toEqual({
      detail: 'Logbook not found.',
      code: 'not_found',
    });
    await expectStatus(t.server.client().logbooks.get(secret.logid), 404);
    expect((await t.alice.client.logbooks.get(secret.logid)).title).toBe('secret');
  });

  it('shows a public logbook to anyone, including anonymous visitors', async () => {
    const shared = await createLogbook(t.alice.client, {
      title: 'shared',
      private: false,
      log: serializeLog(sampleEntries()),
    });
    for (const reader of [t.bob.client, t.server.client()]) {
      const logbook = await reader.logbooks.get(shared.logid);
      expect(logbook.title).toBe('shared');
      expect(logbook.owner.username).toBe(t.alice.username);
      expect(entriesOf(logbook)).toEqual(sampleEntries());
    }
  });

  it('answers 404 for an unknown logid', async () => {
    await expectStatus(t.alice.client.logbooks.get('no-such-logbook'), 404);
    await expectStatus(t.alice.client.logbooks.update('no-such-logbook', { title: 'x' }), 404);
    await expectStatus(t.alice.client.logbooks.patch('no-such-logbook', { title: 'x' }), 404);
    await expectStatus(t.alice.client.logbooks.remove('no-such-logbook'), 404);
    await expectStatus(t.alice.client.logbooks.touch('no-such-logbook'), 404);
    await expectStatus(t.alice.client.logbooks.updateLog('no-such-logbook', { log: '' }), 404);
    await expectStatus(
      t.alice.client.entries.write({ logid: 'no-such-logbook', tag: 'comment', content: 'x' }),
      404,
    );
  });

  it('works with and without the trailing slash', async () => {
    const logbook = await createLogbook(t.alice.client, { title: 'slashless' });
    const detail = await t.server.http(`/journals/logbooks/${logbook.logid}`, { token: t.alice.token });
    expect(detail.status).toBe(200);
    expect(Logbook.parse(await detail.json()).title).toBe('slashless');
    const list = await t.server.http('/journals/logbooks', { token: t.alice.token });
    expect(list.status).toBe(200);
  });
});

/** Every call that changes a logbook, each with a body that would succeed for the owner. */
function writes(client: ApiClient, logid: string): [string, () => Promise<unknown>][] {
  return [
    ['PUT', () => client.logbooks.update(logid, { title: 'taken over', private: true })],
    ['PATCH', () => client.logbooks.patch(logid, { description: 'taken over' })],
    ['PATCH log', () => client.logbooks.patch(logid, { log: '<comment>taken over</comment>' })],
    ['DELETE', () => client.logbooks.remove(logid)],
    ['touch', () => client.logbooks.touch(logid)],
    ['update_log', () => client.logbooks.updateLog(logid, { log: '' })],
    ['tag submit', () => client.entries.write({ logid, tag: 'comment', content: 'taken over' })],
    ['tag re-tag', () => client.entries.write({ logid, tag: 'context', index: 0, fresh_tag: 'gen' })],
  ];
}

describe('a public logbook of someone else', () => {
  it('refuses every change by another user with 403 and stays unchanged', async () => {
    const shared = await createLogbook(t.alice.client, {
      private: false,
      log: serializeLog(sampleEntries()),
    });
    await nextMillisecond();
    const before = await t.alice.client.logbooks.get(shared.logid);
    for (const [name, call] of writes(t.bob.client, shared.logid)) {
      const body = await expectStatus(call(), 403);
      expect(body.detail, name).toBe('Only the owner can change this logbook.');
    }
    expect(await t.alice.client.logbooks.get(shared.logid)).toEqual(before);
    expect((await t.alice.client.logbooks.list())[0]?.logid).toBe(shared.logid);
  });

  it('refuses every change by an anonymous visitor with 401 and stays unchanged', async () => {
    const shared = await createLogbook(t.alice.client, {
      private: false,
      log: serializeLog(sampleEntries()),
    });
    const before = await t.alice.client.logbooks.get(shared.logid);
    for (const [name, call] of writes(t.server.client(), shared.logid)) {
      const body = await expectStatus(call(), 401);
      expect(body.detail, name).toBe('Authentication credentials were not provided.');
    }
    expect(await t.alice.client.logbooks.get(shared.logid)).toEqual(before);
  });

  it('answers 404 to another user’s writes on a private logbook and stays unchanged', async () => {
    const secret = await createLogbook(t.alice.client, { log: serializeLog(sampleEntries()) });
    const before = await t.alice.client.logbooks.get(secret.logid);
    for (const [name, call] of writes(t.bob.client, secret.logid)) {
      const body = await expectStatus(call(), 404);
      expect(body.detail, name).toBe('Logbook not found.');
    }
    expect(await t.alice.client.logbooks.get(secret.logid)).toEqual(before);
  });
});

describe('version marker', () => {
  it('tells a reader the version and entry count, and moves on every entry change', async () => {
    const logbook = await createLogbook(t.alice.client, { private: false });
    const before = await t.server.client().logbooks.version(logbook.logid);
    expect(before).toMatchObject({
      logid: logbook.logid,
      version: logbook.version,
      entry_count: 0,
      title: logbook.title,
    });
    await t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment', content: 'a note' });
    const after = await t.bob.client.logbooks.version(logbook.logid);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.entry_count).toBe(1);
  });

  it('hides a private logbook’s marker from others', async () => {
    const logbook = await createLogbook(t.alice.client);
    await expectStatus(t.bob.client.logbooks.version(logbook.logid), 404);
    await expectStatus(t.server.client().logbooks.version(logbook.logid), 404);
  });
});
