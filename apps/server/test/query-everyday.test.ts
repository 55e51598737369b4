import { type Entry, serializeLog } from '@caravanserai/logbook';
import {
  createFakeWell,
  createLogbook,
  createTestDb,
  entriesOf,
  entry,
  eventually,
  insertUserRow,
  ORIGINS,
  useServer,
  withoutEid,
} from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';

const MODEL = ORIGINS['openai-compatible'];
const t = useServer({ users: ['alice'], fake: true });

beforeEach(() => t.fake.reset());

/** A logbook on a fake well; its memory as the account's default unless `memory` says. */
async function logbookWithWell(entries: Entry[] = [], memory?: boolean) {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: MODEL });
  return createLogbook(t.alice.client, {
    logwell: well.wellid,
    log: serializeLog(entries),
    ...(memory !== undefined && { memory }),
  });
}

async function storedEntries(logid: string) {
  return entriesOf(await t.alice.client.logbooks.get(logid));
}

async function usageOf(logid: string) {
  return t.server.testDb.db.kysely
    .selectFrom('usage')
    .select(['outcome', 'input_tokens', 'output_tokens', 'estimated'])
    .where('logid', '=', logid)
    .orderBy('created_at')
    .execute();
}

const sentMessages = () => t.fake.requests.at(-1)?.messages;

const CONVERSATION: Entry[] = [
  entry('context', 'Be brief.'),
  entry('query', 'What is 2+2?', { qid: 'q1' }),
  entry('gen', 'Four.', { qid: 'q1' }),
  entry('gen', 'Memory Turned On', { notice: 'true' }),
  entry('mirage', 'Five.', { qid: 'q1' }),
  entry('comment', 'A private note.'),
];

describe("the logbook's memory setting", () => {
  it('is on for a new logbook (DESIGN 12); switched off, a query sends the context and the question only', async () => {
    const logbook = await logbookWithWell(CONVERSATION);
    expect(logbook.memory).toBe(true);
    expect((await t.alice.client.logbooks.update(logbook.logid, { memory: false })).memory).toBe(false);
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'And 3+3?' });
    expect(sentMessages()).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'And 3+3?' },
    ]);
  });

  it('once on, survives reloads and sends the conversation, never notices, mirages or comments', async () => {
    const logbook = await logbookWithWell(CONVERSATION, false);
    const updated = await t.alice.client.logbooks.update(logbook.logid, { memory: true });
    expect(updated.memory).toBe(true);
    expect((await t.alice.client.logbooks.get(logbook.logid)).memory).toBe(true);
    expect((await t.alice.client.logbooks.list()).find((l) => l.logid === logbook.logid)?.memory).toBe(true);

    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'And 3+3?' });
    expect(sentMessages()).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is 2+2?' },
      { role: 'assistant', content: 'Four.' },
      { role: 'user', content: 'And 3+3?' },
    ]);
    // The request may still say otherwise for one query.
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Only this', memory: false });
    expect(sentMessages()?.at(-1)).toEqual({ role: 'user', content: 'Only this' });
    expect(sentMessages()?.some((m) => m.content === 'What is 2+2?')).toBe(false);
  });
});

describe('notices written before they carried their marker', () => {
  it('get it from the migration, so they are not sent as answers', async () => {
    const old = await createTestDb(undefined, (fresh) => migrateTo(fresh, '0004-token-expiry'));
    try {
      const id = await insertUserRow(old.db, 'legacy', 1);
      // The memory column does not exist yet: the typed builder knows only today's schema.
      await sql`insert into logbooks (logid, owner_id, title, description, private, salted, forked, version, entry_count, created_at, modified_at)
        values ('legacy1', ${id}, 'Old', '', 1, 0, 0, 1, 3, 1, 1)`.execute(old.db.kysely);
      for (const [position, attrs, qid, content] of [
        [0, '', null, 'Memory Turned On'],
        [1, '{"qid":"q1"}', 'q1', 'Memory Turned On'],
        [2, '', null, 'Chat Memory Off'],
      ] as const) {
        await sql`insert into entries (logid, position, tag, attrs, content, qid, created_at)
          values ('legacy1', ${position}, 'gen', ${attrs}, ${content}, ${qid}, 1)`.execute(old.db.kysely);
      }
      await migrateToLatest(old.db);
      const rows = await old.db.kysely
        .selectFrom('entries')
        .select(['attrs'])
        .where('logid', '=', 'legacy1')
        .orderBy('position')
        .execute();
      // An answer that happens to read like a notice keeps its qid and is no notice.
      expect(rows.map((r) => r.attrs)).toEqual(['{"notice":"true"}', '{"qid":"q1"}', '{"notice":"true"}']);
      const logbook = await old.db.kysely.selectFrom('logbooks').select('memory').executeTakeFirstOrThrow();
      expect(logbook.memory).toBe(0);
    } finally {
      await old.drop();
    }
  });
});

describe('stopping an answer part-way', () => {
  it('stores what arrived as the answer, marked as stopped, with estimated tokens', async () => {
    const logbook = await logbookWithWell();
    t.fake.enqueue({ kind: 'reply', text: 'one two three four five six', chunks: 6, chunkDelayMs: 200 });
    const deltas: string[] = [];
    let qid = '';
    const result = await t.alice.client.queries.stream(
      { logid: logbook.logid, prompt: 'Count slowly' },
      {
        onQuery: (q) => {
          qid = q.qid;
        },
        onDelta: (text) => {
          deltas.push(text);
          if (deltas.length === 2) void t.alice.client.queries.cancel({ logid: logbook.logid, qid });
        },
      },
    );
    const partial = deltas.join('');
    expect(partial).not.toBe('one two three four five six');
    expect(result.gen).toBe(partial);
    expect(result.entry.attrs).toMatchObject({
      qid,
      model: MODEL,
      stopped: 'true',
      tokens_estimated: 'true',
    });
    expect(result.usage.estimated).toBe(true);
    expect(await storedEntries(logbook.logid)).toEqual([
      entry('query', 'Count slowly', { qid }),
      entry('gen', partial, withoutEid(result.entry.attrs)),
    ]);
    const [usage] = await usageOf(logbook.logid);
    expect(usage).toMatchObject({ outcome: 'stopped', estimated: 1 });
    expect(usage?.output_tokens).toBeGreaterThan(0);
    expect((await t.alice.client.usage.get()).totals.errors).toBe(0);
  });
});

describe('asking a stored query again', () => {
  it('regenerates: a second answer after the first, sent without the first answer', async () => {
    const logbook = await logbookWithWell();
    await t.alice.client.logbooks.update(logbook.logid, { memory: true });
    t.fake.enqueue({ kind: 'reply', text: 'First answer.' });
    const first = await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Tell me' });
    t.fake.enqueue({ kind: 'reply', text: 'Second answer.' });
    const again = await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Tell me',
      qid: first.data.qid,
    });
    expect(again.data.entry.index).toBe(2);
    expect((await storedEntries(logbook.logid)).map((e) => [e.tag, e.content])).toEqual([
      ['query', 'Tell me'],
      ['gen', 'First answer.'],
      ['gen', 'Second answer.'],
    ]);
    expect(sentMessages()).toEqual([{ role: 'user', content: 'Tell me' }]);
  });

  it("replays only the asked query's branch of a branched conversation", async () => {
    const logbook = await logbookWithWell([
      entry('context', 'Be brief.', { eid: 'ctx00000' }),
      entry('query', 'Q1?', { eid: 'q1000000', qid: 'q1' }),
      entry('gen', 'A1.', { eid: 'a1000000', qid: 'q1' }),
      entry('query', "Q1' (edited)?", { eid: 'q1e00000', parent: 'ctx00000', qid: 'q1e' }),
      entry('gen', "A1'.", { eid: 'a1e00000', qid: 'q1e' }),
      entry('query', 'Follow-up on Q1?', { eid: 'q2000000', parent: 'a1000000', qid: 'q2' }),
    ]);
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'ignored', qid: 'q2', memory: true });
    expect(sentMessages()).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Q1?' },
      { role: 'assistant', content: 'A1.' },
      { role: 'user', content: 'Follow-up on Q1?' },
    ]);
  });

  it('resends an edited query as it is stored now', async () => {
    const logbook = await logbookWithWell();
    t.fake.enqueue({ kind: 'error', status: 500, message: 'Busy' });
    const failed = await t.alice.client.queries
      .submit({ logid: logbook.logid, prompt: 'Waht is a caravanserai?', qid: 'typo0001' })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      index: 0,
      content: 'What is a caravanserai?',
    });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'ignored', qid: 'typo0001' });
    expect(sentMessages()?.at(-1)).toEqual({ role: 'user', content: 'What is a caravanserai?' });
    expect((await storedEntries(logbook.logid)).map((e) => e.tag)).toEqual(['query', 'gen']);
  });
});

describe('a provider that reports no token counts', () => {
  it('gets estimates, marked as such on the answer and in the usage', async () => {
    const logbook = await logbookWithWell();
    t.fake.enqueue({ kind: 'reply', text: 'A fairly short answer of some words.', reportUsage: false });
    const result = await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Hello there' });
    expect(result.data.usage.estimated).toBe(true);
    expect(result.data.usage.output_tokens).toBeGreaterThan(3);
    expect(result.data.usage.input_tokens).toBeGreaterThan(1);
    expect(result.data.entry.attrs).toMatchObject({
      tokens_estimated: 'true',
      input_tokens: String(result.data.usage.input_tokens),
      output_tokens: String(result.data.usage.output_tokens),
    });
    await eventually(async () => ((await usageOf(logbook.logid)).length === 1 ? true : undefined));
    expect((await usageOf(logbook.logid))[0]).toMatchObject({ outcome: 'ok', estimated: 1 });
  });
});
