import type { EntriesPage } from '@caravanserai/api';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import {
  createFakeWell,
  createLogbook,
  documentOf,
  entry,
  expectStatus,
  ORIGINS,
  useServer,
} from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

async function logbookWithWell(entries: Entry[] = [], fields: { private?: boolean } = {}) {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS['openai-compatible'] });
  return createLogbook(t.alice.client, {
    logwell: well.wellid,
    log: serializeLog(entries),
    memory: true,
    ...fields,
  });
}

/** The active path as [tag, content] pairs. */
const turns = (page: EntriesPage) => page.entries.map((e) => [e.tag, e.content]);
const page = (logid: string, query = {}) => t.alice.client.logbooks.entries(logid, query);
const sentMessages = () => t.fake.requests.at(-1)?.messages;

describe('regenerating an answer', () => {
  it('writes a sibling of the old answer and moves the head to it', async () => {
    const logbook = await logbookWithWell();
    t.fake.enqueue({ kind: 'reply', text: 'First answer.' });
    const first = await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Tell me' });
    t.fake.enqueue({ kind: 'reply', text: 'Second answer.' });
    const second = await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Tell me',
      qid: first.data.qid,
    });

    const now = await page(logbook.logid);
    expect(turns(now)).toEqual([
      ['query', 'Tell me'],
      ['gen', 'Second answer.'],
    ]);
    const [query, answer] = now.entries;
    expect(answer).toMatchObject({
      index: 2,
      eid: second.data.entry.attrs.eid,
      parent: query?.eid,
      siblings: [first.data.entry.attrs.eid, second.data.entry.attrs.eid],
      files: [],
    });
    expect(now).toMatchObject({ head: answer?.eid, total: 2, more: false });
    // The whole document keeps both answers; the new one names its query as parent.
    const document = documentOf(await t.alice.client.logbooks.get(logbook.logid));
    expect(document.map((e) => e.content)).toEqual(['Tell me', 'First answer.', 'Second answer.']);
    expect(document[2]?.attrs.parent).toBe(query?.eid);
    // Asked again, the model was sent the question alone, not the first answer.
    expect(sentMessages()).toEqual([{ role: 'user', content: 'Tell me' }]);
  });
});

describe('an answer arriving while the reader chooses another branch', () => {
  it('still follows its question, and becomes the head', async () => {
    const logbook = await logbookWithWell([
      entry('query', 'Q', { eid: 'q0000000', qid: 'q0' }),
      entry('gen', 'A1', { eid: 'a1000000', qid: 'q0' }),
      entry('gen', 'A2', { eid: 'a2000000', parent: 'q0000000', qid: 'q0' }),
    ]);
    t.fake.enqueue({ kind: 'reply', text: 'one two three', chunks: 3, chunkDelayMs: 150 });
    let switched: Promise<unknown> = Promise.resolve();
    const result = await t.alice.client.queries.stream(
      { logid: logbook.logid, prompt: 'Follow-up on A2?' },
      { onQuery: () => (switched = t.alice.client.logbooks.head(logbook.logid, { eid: 'a1000000' })) },
    );
    await switched;
    expect(turns(await page(logbook.logid))).toEqual([
      ['query', 'Q'],
      ['gen', 'A2'],
      ['query', 'Follow-up on A2?'],
      ['gen', 'one two three'],
    ]);
    expect((await page(logbook.logid)).head).toBe(result.entry.attrs.eid);
  });
});

describe('editing a question and sending it again', () => {
  const CONVERSATION = [
    entry('context', 'Be brief.'),
    entry('query', 'Capital of France?', { qid: 'q1' }),
    entry('gen', 'Paris.', { qid: 'q1' }),
    entry('query', 'And of Spain?', { qid: 'q2' }),
    entry('gen', 'Madrid.', { qid: 'q2' }),
  ];

  it('keeps the old question and what followed as a branch, and sends only the new line', async () => {
    const logbook = await logbookWithWell(CONVERSATION);
    const before = await page(logbook.logid);
    const oldQuestion = before.entries[3]!;
    t.fake.enqueue({ kind: 'reply', text: 'Rome.' });
    await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'And of Italy?',
      parent: oldQuestion.parent!,
    });
    expect(sentMessages()).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Capital of France?' },
      { role: 'assistant', content: 'Paris.' },
      { role: 'user', content: 'And of Italy?' },
    ]);

    const after = await page(logbook.logid);
    expect(turns(after).slice(3)).toEqual([
      ['query', 'And of Italy?'],
      ['gen', 'Rome.'],
    ]);
    expect(after.entries[3]?.siblings).toEqual([oldQuestion.eid, after.entries[3]?.eid]);
    expect(after.total).toBe(5);

    // Back to the old question: the head goes to the newest entry under it, its answer.
    const switched = await t.alice.client.logbooks.head(logbook.logid, { eid: oldQuestion.eid });
    expect(switched).toEqual({ head: before.head, version: after.version + 1 });
    expect(turns(await page(logbook.logid)).slice(3)).toEqual([
      ['query', 'And of Spain?'],
      ['gen', 'Madrid.'],
    ]);
    const got = await t.alice.client.logbooks.get(logbook.logid);
    expect(got).toMatchObject({ head: before.head, version: switched.version, entry_count: 7 });
  });

  it("edits the first question with parent '', making a second root", async () => {
    const logbook = await logbookWithWell([
      entry('query', 'Helo?', { qid: 'q1' }),
      entry('gen', 'Hi.', { qid: 'q1' }),
    ]);
    t.fake.enqueue({ kind: 'reply', text: 'Hello to you.' });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Hello?', parent: '' });
    expect(sentMessages()).toEqual([{ role: 'user', content: 'Hello?' }]);
    const now = await page(logbook.logid);
    expect(turns(now)).toEqual([
      ['query', 'Hello?'],
      ['gen', 'Hello to you.'],
    ]);
    expect(now.entries[0]).toMatchObject({
      parent: null,
      siblings: [expect.any(String), now.entries[0]?.eid],
    });
  });

  it('refuses a parent that names no entry, storing nothing', async () => {
    const logbook = await logbookWithWell(CONVERSATION);
    expect(
      await expectStatus(
        t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Lost?', parent: 'zzzzzzzz' }),
        400,
      ),
    ).toEqual({ parent: ['parent "zzzzzzzz" names no entry before it.'] });
    expect((await t.alice.client.logbooks.get(logbook.logid)).entry_count).toBe(5);
  });
});

describe('the active path a page at a time', () => {
  const LONG = Array.from({ length: 250 }, (_, i) => entry(i % 2 ? 'gen' : 'query', `turn ${i}`));

  it('reads the newest turns first, then older ones before a given entry', async () => {
    const logbook = await logbookWithWell(LONG);
    const newest = await page(logbook.logid);
    expect(newest).toMatchObject({ version: logbook.version, total: 250, more: true });
    expect(newest.entries.map((e) => e.index)).toEqual(Array.from({ length: 100 }, (_, i) => 150 + i));
    expect(newest.head).toBe(newest.entries.at(-1)?.eid);

    const older = await page(logbook.logid, { before: newest.entries[0]!.eid, limit: 120 });
    expect(older.entries.map((e) => e.index)).toEqual(Array.from({ length: 120 }, (_, i) => 30 + i));
    expect(older.more).toBe(true);
    const oldest = await page(logbook.logid, { before: older.entries[0]!.eid, limit: 1000 });
    expect(oldest.entries.map((e) => e.index)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(oldest.more).toBe(false);
  });

  it('pages through the whole document with all=1, every branch included', async () => {
    const logbook = await logbookWithWell([
      entry('query', 'Q', { eid: 'q0000000' }),
      entry('gen', 'A1', { eid: 'a1000000' }),
      entry('gen', 'A2', { eid: 'a2000000', parent: 'q0000000' }),
    ]);
    expect(turns(await page(logbook.logid))).toEqual([
      ['query', 'Q'],
      ['gen', 'A2'],
    ]);
    const all = await page(logbook.logid, { all: '1', limit: 2 });
    expect(all).toMatchObject({ total: 3, more: true });
    expect(all.entries.map((e) => [e.eid, e.parent, e.siblings])).toEqual([
      ['a1000000', 'q0000000', ['a1000000', 'a2000000']],
      ['a2000000', 'q0000000', ['a1000000', 'a2000000']],
    ]);
  });

  it('is read by whoever may read the logbook, and refused to others', async () => {
    const open = await logbookWithWell(LONG.slice(0, 3), { private: false });
    const signedOut = await t.server.client().logbooks.entries(open.logid, {});
    expect(signedOut.entries).toHaveLength(3);
    const closed = await logbookWithWell(LONG.slice(0, 3));
    await expectStatus(t.bob.client.logbooks.entries(closed.logid, {}), 404);
    await expectStatus(t.bob.client.logbooks.head(open.logid, { eid: signedOut.head! }), 403);
  });

  it('refuses a limit out of range and an eid of no entry', async () => {
    const logbook = await logbookWithWell(LONG.slice(0, 3));
    expect(await expectStatus(page(logbook.logid, { limit: 1001 }), 400)).toEqual({
      limit: ['Ensure this value is less than or equal to 1000.'],
    });
    expect(await expectStatus(page(logbook.logid, { before: 'zzzzzzzz' }), 400)).toEqual({
      before: ['No entry of this logbook has this eid.'],
    });
    await expectStatus(t.alice.client.logbooks.head(logbook.logid, { eid: 'zzzzzzzz' }), 400);
    await expectStatus(t.alice.client.logbooks.head(logbook.logid, { eid: 'NOT AN EID' }), 400);
    expect((await t.alice.client.logbooks.get(logbook.logid)).version).toBe(logbook.version);
  });

  it('is empty for an empty logbook', async () => {
    const logbook = await logbookWithWell();
    expect(await page(logbook.logid)).toEqual({
      version: logbook.version,
      head: null,
      total: 0,
      entries: [],
      more: false,
    });
  });
});

describe('writes on a branched logbook', () => {
  const BRANCHED = [
    entry('query', 'Q', { eid: 'q0000000' }),
    entry('gen', 'A1', { eid: 'a1000000' }),
    entry('gen', 'A2', { eid: 'a2000000', parent: 'q0000000' }),
  ];

  it('appends to the chosen branch, naming it as parent, and moves the head there', async () => {
    const logbook = await logbookWithWell(BRANCHED);
    await t.alice.client.logbooks.head(logbook.logid, { eid: 'a1000000' });
    const written = await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'comment',
      content: 'On A1',
    });
    const document = documentOf(await t.alice.client.logbooks.get(logbook.logid));
    expect(document[written.index]?.attrs.parent).toBe('a1000000');
    expect(turns(await page(logbook.logid))).toEqual([
      ['query', 'Q'],
      ['gen', 'A1'],
      ['comment', 'On A1'],
    ]);
  });

  it('keeps the head on its branch when the whole log is written back with more on it', async () => {
    const logbook = await logbookWithWell(BRANCHED);
    await t.alice.client.logbooks.head(logbook.logid, { eid: 'a1000000' });
    const grown = [...BRANCHED, entry('comment', 'On A1 too', { eid: 'c0000000', parent: 'a1000000' })];
    const written = await t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(grown) });
    expect(written.head).toBe('c0000000');
    const shrunk = await t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(BRANCHED) });
    expect(shrunk.head).toBe('a2000000');
  });

  it('refuses a log that is not a tree, and changes nothing', async () => {
    const logbook = await logbookWithWell(BRANCHED);
    const broken = [...BRANCHED, entry('comment', 'Lost', { parent: 'nothere0' })];
    expect(
      await expectStatus(
        t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(broken) }),
        400,
      ),
    ).toEqual({ log: ['Entry 3: parent "nothere0" names no entry before it.'] });
    const twice = [...BRANCHED, entry('comment', 'Again', { eid: 'q0000000' })];
    expect(
      await expectStatus(t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(twice) }), 400),
    ).toEqual({ log: ['Entry 3: eid "q0000000" is also the eid of entry 0.'] });
    expect((await t.alice.client.logbooks.get(logbook.logid)).version).toBe(logbook.version);
  });

  it("refuses an append naming a taken eid or an unknown parent, and a re-tag changing an entry's eid", async () => {
    const logbook = await logbookWithWell(BRANCHED);
    const write = (attrs: Record<string, string>) =>
      t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment', content: 'x', attrs });
    expect(await expectStatus(write({ eid: 'q0000000' }), 400)).toEqual({
      attrs: ['eid "q0000000" is already taken.'],
    });
    expect(await expectStatus(write({ parent: 'nothere0' }), 400)).toEqual({
      attrs: ['parent "nothere0" names no entry before it.'],
    });
    expect(
      await expectStatus(
        t.alice.client.entries.write({
          logid: logbook.logid,
          tag: 'gen',
          index: 1,
          attrs: { eid: 'b1000000' },
        }),
        400,
      ),
    ).toEqual({ attrs: ["An entry's eid cannot be changed."] });
    // A re-tag that leaves the eid out keeps it.
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'gen',
      index: 1,
      attrs: { note: 'kept' },
    });
    const document = documentOf(await t.alice.client.logbooks.get(logbook.logid));
    expect(document[1]?.attrs).toEqual({ note: 'kept', eid: 'a1000000' });
    expect(document).toHaveLength(3);
  });

  it('forks keep the tree and the head', async () => {
    const logbook = await logbookWithWell(BRANCHED);
    await t.alice.client.logbooks.head(logbook.logid, { eid: 'a1000000' });
    await t.alice.client.logbooks.update(logbook.logid, { salted: true, private: false });
    const fork = await t.bob.client.logbooks.fork(logbook.logid);
    expect(fork.head).toBe('a1000000');
    expect(turns(await t.bob.client.logbooks.entries(fork.logid, {}))).toEqual([
      ['query', 'Q'],
      ['gen', 'A1'],
    ]);
  });
});
