import type { LaneOutcome } from '@caravanserai/api';
import { createFakeWell, createLogbook, eventually, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

const ORIGINS = ['openai-compatible/llama3.2', 'anthropic/claude-haiku-4-5', 'google/gemini-2.0-flash'];

async function setUp() {
  const wells = [];
  for (const [i, origin] of ORIGINS.entries())
    wells.push(await createFakeWell(t.alice.client, t.fake, { origin_loc: origin, title: `Well ${i + 1}` }));
  const logbook = await createLogbook(t.alice.client, { logwell: wells[0]!.wellid, memory: true });
  return { logid: logbook.logid, wellids: wells.map((w) => w.wellid) };
}

const usageOf = (logid: string) =>
  t.server.testDb.db.kysely
    .selectFrom('usage')
    .select(['outcome', 'model'])
    .where('logid', '=', logid)
    .execute();

const stored = (outcome: LaneOutcome) => ('data' in outcome ? outcome.data : undefined);

describe('comparing wells', () => {
  it('asks each well at once, streams their answers side by side and stores them as siblings', async () => {
    const { logid, wellids } = await setUp();
    const pieces = new Map<number, string>();
    let lanes: unknown;
    const outcomes = await t.alice.client.queries.compare(
      { logid, prompt: 'Name a colour', wellids },
      {
        onQuery: (query) => {
          lanes = query.lanes;
        },
        onDelta: (lane, text) => pieces.set(lane, (pieces.get(lane) ?? '') + text),
      },
    );
    expect(lanes).toEqual(
      ORIGINS.map((model, lane) => ({ lane, wellid: wellids[lane], title: `Well ${lane + 1}`, model })),
    );
    expect(outcomes.map((o) => stored(o)?.gen)).toEqual([
      'Echo: Name a colour',
      'Echo: Name a colour',
      'Echo: Name a colour',
    ]);
    expect([...pieces.keys()].sort()).toEqual([0, 1, 2]);
    expect(outcomes.map((o) => stored(o)?.entry.attrs.model)).toEqual(ORIGINS);
    // One request per well, each in its own wire format.
    expect(t.fake.requests.map((r) => r.family).sort()).toEqual(['anthropic', 'gemini', 'openai-chat']);

    const all = await t.alice.client.logbooks.entries(logid, { all: '1' });
    const query = all.entries.find((e) => e.tag === 'query')!;
    const answers = all.entries.filter((e) => e.tag === 'gen');
    expect(answers).toHaveLength(3);
    expect(answers.every((e) => e.parent === query.eid)).toBe(true);
    // The active path is the question and one answer, with the other two as its siblings.
    const path = await t.alice.client.logbooks.entries(logid);
    expect(path.entries.map((e) => e.tag)).toEqual(['query', 'gen']);
    expect(path.entries[1]!.siblings).toHaveLength(3);
    // Each call counts in usage.
    expect((await usageOf(logid)).map((u) => u.outcome)).toEqual(['ok', 'ok', 'ok']);

    // The user keeps one: it becomes the active branch, and the next question follows it.
    const kept = stored(outcomes[1]!)!.entry.attrs.eid!;
    await t.alice.client.logbooks.head(logid, { eid: kept });
    await t.alice.client.queries.submit({ logid, prompt: 'Another?' });
    const after = await t.alice.client.logbooks.entries(logid);
    expect(after.entries.map((e) => e.eid).slice(0, 2)).toEqual([query.eid, kept]);
  });

  it('lets one answer fail while the others are stored', async () => {
    const { logid, wellids } = await setUp();
    t.fake.enqueue({ kind: 'error', status: 500, message: 'overloaded' });
    const outcomes = await t.alice.client.queries.compare({ logid, prompt: 'Hi', wellids });
    expect(outcomes.filter((o) => 'error' in o)).toHaveLength(1);
    expect(outcomes.filter((o) => 'data' in o)).toHaveLength(2);
    const outcomesInUsage = (await usageOf(logid)).map((u) => u.outcome).sort();
    expect(outcomesInUsage).toEqual(['error', 'ok', 'ok']);
  });

  it('stops every answer with one Stop', async () => {
    const { logid, wellids } = await setUp();
    t.fake.setDefault({ kind: 'reply', text: 'one two three four five six', chunks: 6, chunkDelayMs: 150 });
    const heard = new Set<number>();
    const compared = t.alice.client.queries.compare(
      { logid, prompt: 'Count', wellids, qid: 'cmpstop1' },
      { onDelta: (lane) => heard.add(lane) },
    );
    await eventually(async () => (heard.size === 3 ? true : undefined));
    expect(await t.alice.client.queries.cancel({ logid, qid: 'cmpstop1' })).toEqual({ cancelled: true });
    const outcomes = await compared;
    expect(outcomes.map((o) => stored(o)?.entry.attrs.stopped)).toEqual(['true', 'true', 'true']);
  });

  it.each([
    [[], 'Compare takes 2 to 4 wells.'],
    [['a'], 'Compare takes 2 to 4 wells.'],
    [['a', 'b', 'c', 'd', 'e'], 'Compare takes 2 to 4 wells.'],
    [['a', 'a'], 'Name each well once.'],
  ])('refuses wellids %j in words', async (wellids, message) => {
    const { logid } = await setUp();
    const res = await t.server.http('/journals/query/stream/', {
      method: 'POST',
      body: JSON.stringify({ logid, prompt: 'Hi', wellids }),
      token: t.alice.token,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ wellids: [message] });
  });

  it('refuses a well the user may not use before storing or sending anything', async () => {
    const { logid, wellids } = await setUp();
    const bobs = await createFakeWell(t.bob.client, t.fake);
    const before = await t.alice.client.logbooks.get(logid);
    const refused = await expectStatus(
      t.alice.client.queries.compare({ logid, prompt: 'Hi', wellids: [wellids[0]!, bobs.wellid] }),
      400,
    );
    expect(refused).toEqual({ wellids: ['Well not found.'] });
    expect(t.fake.requests).toHaveLength(0);
    expect((await t.alice.client.logbooks.get(logid)).version).toBe(before.version);
    expect(await usageOf(logid)).toEqual([]);
  });

  it('is asked through the stream call only', async () => {
    const { logid, wellids } = await setUp();
    const refused = await expectStatus(t.alice.client.queries.submit({ logid, prompt: 'Hi', wellids }), 400);
    expect(refused).toEqual({
      wellids: ['A compare streams its answers: ask it through /journals/query/stream/.'],
    });
  });
});
