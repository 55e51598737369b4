import { documentOf, entry, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { askTwice, branchedLogbooks, turns } from './branch-helpers.js';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

const logbookWithWell = (...args: Parameters<ReturnType<typeof branchedLogbooks>>) =>
  branchedLogbooks(t.alice.client, t.fake)(...args);
const page = (logid: string, query = {}) => t.alice.client.logbooks.entries(logid, query);
const sentMessages = () => t.fake.requests.at(-1)?.messages;

describe('regenerating an answer', () => {
  it('writes a sibling of the old answer and moves the head to it', async () => {
    const logbook = await logbookWithWell();
    const { first, second } = await askTwice(t.alice.client, t.fake, logbook.logid);

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

describe('what an append says of its place', () => {
  // Q ── A1 ── C     (C: the head)
  //   └─ A2
  const tree = [
    entry('query', 'Q', { eid: 'q0000000' }),
    entry('gen', 'A1', { eid: 'a1000000' }),
    entry('comment', 'C', { eid: 'c0000000' }),
    entry('gen', 'A2', { eid: 'a2000000', parent: 'q0000000' }),
  ];

  it('names the entry a new entry follows, the head, wherever the head is', async () => {
    const logbook = await logbookWithWell(tree);
    const last = await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'comment',
      content: 'On A2.',
    });
    expect(last).toMatchObject({ index: 4, parent: 'a2000000' });
    await t.alice.client.logbooks.head(logbook.logid, { eid: 'a1000000' });
    const other = await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'comment',
      content: 'On C.',
    });
    expect(other).toMatchObject({ index: 5, parent: 'c0000000', version: logbook.version + 3 });
  });

  it("gives a new query's place and version in the stream's query event, and neither for one asked again", async () => {
    const logbook = await logbookWithWell(tree);
    const events: unknown[] = [];
    const first = await t.alice.client.queries.stream(
      { logid: logbook.logid, prompt: 'And then?' },
      { onQuery: (query) => events.push(query) },
    );
    expect(events).toEqual([
      { qid: first.qid, index: 4, eid: expect.any(String), parent: 'a2000000', version: logbook.version + 1 },
    ]);
    await t.alice.client.queries.stream(
      { logid: logbook.logid, prompt: 'And then?', qid: first.qid },
      { onQuery: (query) => events.push(query) },
    );
    expect(events[1]).toEqual({ qid: first.qid, index: 4, eid: expect.any(String) });
  });
});
