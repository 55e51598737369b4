import { type ApiClient, routes } from '@caravanserai/api';
import { type Entry, notice, serializeLog } from '@caravanserai/logbook';
import { createFakeWell, createLogbook, entry, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { branchedLogbooks } from './branch-helpers.js';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

/** What GET of the logbook answers `client`, without the log and the files. */
async function gotWithoutLog(client: ApiClient, logid: string) {
  const { log: _log, files: _files, ...rest } = await client.logbooks.get(logid);
  return rest;
}

/** A logbook of alice's, filed in a journal of hers and answered by a well of hers. */
async function filedLogbook(fields: { private?: boolean } = {}) {
  const journal = await t.alice.client.journals.create({ title: 'Filed' });
  const well = await createFakeWell(t.alice.client, t.fake);
  const logbook = await createLogbook(t.alice.client, {
    journal: journal.jid,
    logwell: well.wellid,
    description: 'Around the entries',
    entries: [entry('query', 'Q', { qid: 'q1' }), entry('gen', 'A', { qid: 'q1' })],
    ...fields,
  });
  return { journal, well, logbook };
}

describe('the overview of a logbook', () => {
  it('is what GET answers its owner, without the log and the files', async () => {
    const { journal, well, logbook } = await filedLogbook();
    const overview = await t.alice.client.logbooks.overview(logbook.logid);
    expect(overview).toEqual(await gotWithoutLog(t.alice.client, logbook.logid));
    expect(overview).toMatchObject({
      logid: logbook.logid,
      jid: journal.jid,
      journal: journal.jid,
      logwell: well.wellid,
      well: { wellid: well.wellid, title: well.title },
      head: logbook.head,
      entry_count: 2,
      version: 1,
    });
    expect(overview).not.toHaveProperty('log');
    expect(overview).not.toHaveProperty('files');
  });

  it('follows the logbook: a new head and version show at once', async () => {
    const { logbook } = await filedLogbook();
    const [query] = (await t.alice.client.logbooks.entries(logbook.logid, {})).entries;
    const moved = await t.alice.client.logbooks.head(logbook.logid, { eid: query!.eid });
    expect(moved.head).toBe(logbook.head);
    const overview = await t.alice.client.logbooks.overview(logbook.logid);
    expect(overview).toMatchObject({ head: logbook.head, version: moved.version });
    expect(overview).toEqual(await gotWithoutLog(t.alice.client, logbook.logid));
  });

  it('of a public logbook tells others, signed out too, neither where it is filed nor its well', async () => {
    const { journal, well, logbook } = await filedLogbook({ private: false });
    for (const client of [t.bob.client, t.server.client()]) {
      const res = await client.send(routes.logbooks.overview, { params: { logid: logbook.logid } });
      const text = await res.text();
      for (const secret of [journal.jid, well.wellid, well.title]) expect(text).not.toContain(secret);
      const overview = await client.logbooks.overview(logbook.logid);
      expect(JSON.parse(text)).toEqual(overview);
      expect(overview).toEqual(await gotWithoutLog(client, logbook.logid));
      expect(overview).toMatchObject({
        jid: null,
        journal: null,
        logwell: null,
        well: null,
        head: logbook.head,
        title: logbook.title,
        owner: { username: t.alice.username },
      });
    }
  });

  it('of a private logbook is 404 to anyone but its owner, as is an unknown logid', async () => {
    const { logbook } = await filedLogbook();
    await expectStatus(t.bob.client.logbooks.overview(logbook.logid), 404);
    await expectStatus(t.server.client().logbooks.overview(logbook.logid), 404);
    await expectStatus(t.alice.client.logbooks.overview('no-such-logbook'), 404);
  });
});

const gen = (content: string, attrs: Record<string, string>) => entry('gen', content, attrs);

/** A tree with counts on every kind of entry that may carry them, and values that are no counts. */
const COUNTED: Entry[] = [
  entry('query', 'Q', { eid: 'q0000000', qid: 'q1', note: 'input_tokens' }),
  gen('A1', { eid: 'a1000000', qid: 'q1', input_tokens: '10', output_tokens: '20' }),
  // A sibling on another branch, an answer that became a mirage and one deleted (blank).
  gen('A2', { eid: 'a2000000', parent: 'q0000000', qid: 'q1', input_tokens: '7', output_tokens: '3' }),
  entry('mirage', 'M', { qid: 'q1', input_tokens: '12', output_tokens: '8', tokens_estimated: 'true' }),
  gen('', { qid: 'q1', input_tokens: '5', output_tokens: '5' }),
  // Only one of the two is a count: the answer counts, with what it has.
  gen('Half', { qid: 'q1', input_tokens: '4', output_tokens: 'many' }),
  // No count at all: left out, even marked as an estimate.
  gen('Lots', { qid: 'q1', input_tokens: 'lots', output_tokens: '1e3', tokens_estimated: 'true' }),
  gen('Huge', { qid: 'q1', input_tokens: '9999999999999999', output_tokens: '-1' }),
  gen('Spaced', { qid: 'q1', input_tokens: ' 3', output_tokens: '3.0' }),
  notice('Chat Memory Off'),
];
const COUNTED_TOTALS = { input_tokens: 38, output_tokens: 36, estimated: true, answers: 5 };

describe('the token totals of a logbook', () => {
  it('add up every counted entry, every branch, mirages and deleted answers included', async () => {
    const logbook = await createLogbook(t.alice.client, { entries: COUNTED });
    expect(await t.alice.client.logbooks.tokens(logbook.logid)).toEqual(COUNTED_TOTALS);
  });

  it('follow the log written back whole, and are zero for a log without counts', async () => {
    const logbook = await createLogbook(t.alice.client);
    const none = { input_tokens: 0, output_tokens: 0, estimated: false, answers: 0 };
    expect(await t.alice.client.logbooks.tokens(logbook.logid)).toEqual(none);
    await t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(COUNTED) });
    expect(await t.alice.client.logbooks.tokens(logbook.logid)).toEqual(COUNTED_TOTALS);
    const exact = [gen('A', { input_tokens: '100000000000000', output_tokens: '0' })];
    await t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(exact) });
    expect(await t.alice.client.logbooks.tokens(logbook.logid)).toEqual({
      input_tokens: 100_000_000_000_000,
      output_tokens: 0,
      estimated: false,
      answers: 1,
    });
    // Counts that add up past the exact integers: the totals stop there.
    const huge = Array.from({ length: 10 }, () => gen('A', { input_tokens: '999999999999999' }));
    await t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(huge) });
    expect(await t.alice.client.logbooks.tokens(logbook.logid)).toMatchObject({
      input_tokens: Number.MAX_SAFE_INTEGER,
      output_tokens: 0,
      answers: 10,
    });
    await t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(COUNTED.slice(0, 1)) });
    expect(await t.alice.client.logbooks.tokens(logbook.logid)).toEqual(none);
  });

  it('count the answers the provider gave, reported or estimated, and keep a deleted one', async () => {
    const logbook = await branchedLogbooks(t.alice.client, t.fake)();
    t.fake.enqueue({ kind: 'reply', text: 'First.', inputTokens: 13, outputTokens: 5 });
    const first = await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Tell me' });
    expect(await t.alice.client.logbooks.tokens(logbook.logid)).toEqual({
      input_tokens: 13,
      output_tokens: 5,
      estimated: false,
      answers: 1,
    });
    // Regenerated by a provider that reports no usage: the server's estimate counts, marked so.
    t.fake.enqueue({ kind: 'reply', text: 'Second answer.', reportUsage: false });
    const second = await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Tell me',
      qid: first.data.qid,
    });
    const { attrs } = second.data.entry;
    expect(attrs.tokens_estimated).toBe('true');
    const both = {
      input_tokens: 13 + Number(attrs.input_tokens),
      output_tokens: 5 + Number(attrs.output_tokens),
      estimated: true,
      answers: 2,
    };
    expect(both.output_tokens).toBeGreaterThan(5);
    expect(await t.alice.client.logbooks.tokens(logbook.logid)).toEqual(both);
    // Deleting the first answer blanks it; what it took stays counted.
    await t.alice.client.entries.write({ logid: logbook.logid, tag: 'gen', index: 1, content: '' });
    expect(await t.alice.client.logbooks.tokens(logbook.logid)).toEqual(both);
  });

  it('are read by whoever may read the logbook, and 404 to others for a private one', async () => {
    const open = await createLogbook(t.alice.client, { entries: COUNTED, private: false });
    expect(await t.bob.client.logbooks.tokens(open.logid)).toEqual(COUNTED_TOTALS);
    expect(await t.server.client().logbooks.tokens(open.logid)).toEqual(COUNTED_TOTALS);
    const closed = await createLogbook(t.alice.client, { entries: COUNTED });
    await expectStatus(t.bob.client.logbooks.tokens(closed.logid), 404);
    await expectStatus(t.server.client().logbooks.tokens(closed.logid), 404);
    await expectStatus(t.alice.client.logbooks.tokens('no-such-logbook'), 404);
  });
});
