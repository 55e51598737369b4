import {
  answerAttrs,
  createFakeWell,
  createLogbook,
  entriesOf,
  entry,
  eventually,
  expectStatus,
  ORIGINS,
  useServer,
  withoutEid,
} from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { cutMark } from '../src/modules/queries/answer-recorder.js';

const MAX = 5000;
const MODEL = ORIGINS['openai-compatible'];
const t = useServer({ users: ['alice'], fake: true, overrides: { maxAnswerChars: MAX } });

beforeEach(() => t.fake.reset());

async function logbookWithWell() {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: MODEL });
  return createLogbook(t.alice.client, { logwell: well.wellid });
}

async function outcomes(logid: string): Promise<string[]> {
  const rows = await t.server.testDb.db.kysely
    .selectFrom('usage')
    .select('outcome')
    .where('logid', '=', logid)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.outcome);
}

async function storedEntries(logid: string) {
  return entriesOf(await t.alice.client.logbooks.get(logid));
}

/** How the fake's one streamed reply went, once it has noticed the reader hang up. */
function deliveryOfOnlyRequest() {
  expect(t.fake.requests).toHaveLength(1);
  return eventually(async () => t.fake.requests[0]?.delivery);
}

/** An answer far past the cap, sent slowly enough that a reader who stops early is seen to. */
function enqueueFlood(): void {
  t.fake.enqueue({ kind: 'reply', text: 'abcdefghij'.repeat(100_000), chunks: 1000, chunkDelayMs: 5 });
}

describe('an answer longer than MAX_ANSWER_CHARS', () => {
  it('submit: stops reading at the cap, stores what was read with a visible mark, answers 200', async () => {
    const logbook = await logbookWithWell();
    enqueueFlood();
    const result = await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Go on',
      context: '',
    });

    const expected = 'abcdefghij'.repeat(MAX / 10) + cutMark(MAX);
    expect(result.data.gen).toBe(expected);
    // Cut before the provider's own count: the tokens are estimated, and say so.
    const { attrs } = result.data.entry;
    expect(attrs).toMatchObject({
      qid: result.data.qid,
      model: MODEL,
      truncated: 'true',
      tokens_estimated: 'true',
    });
    expect(Number(attrs.output_tokens)).toBeGreaterThan(MAX / 10);
    expect(Number(attrs.input_tokens)).toBeGreaterThan(0);
    expect(result.data.usage).toEqual({
      input_tokens: Number(attrs.input_tokens),
      output_tokens: Number(attrs.output_tokens),
      estimated: true,
    });
    expect(await storedEntries(logbook.logid)).toEqual([
      entry('query', 'Go on', { qid: result.data.qid }),
      entry('gen', expected, withoutEid(attrs)),
    ]);
    expect(await outcomes(logbook.logid)).toEqual(['truncated']);
    // The provider saw the server hang up long before the end of its answer.
    const delivery = await deliveryOfOnlyRequest();
    expect(delivery.complete).toBe(false);
    expect(delivery.chunksSent).toBeLessThan(1000);
  });

  it('stream: the deltas stop at the cap and done carries the stored, marked answer', async () => {
    const logbook = await logbookWithWell();
    enqueueFlood();
    const deltas: string[] = [];
    const result = await t.alice.client.queries.stream(
      { logid: logbook.logid, prompt: 'Go on', context: '' },
      { onDelta: (text) => deltas.push(text) },
    );
    expect(deltas.join('')).toBe('abcdefghij'.repeat(MAX / 10));
    expect(result.gen).toBe(deltas.join('') + cutMark(MAX));
    expect(result.entry.attrs.truncated).toBe('true');
    expect(await outcomes(logbook.logid)).toEqual(['truncated']);
    expect((await deliveryOfOnlyRequest()).complete).toBe(false);
  });

  it('counts a cut answer as answered, not failed, in the usage summary', async () => {
    const logbook = await logbookWithWell();
    enqueueFlood();
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Go on', context: '' });
    const summary = await t.alice.client.usage.get();
    expect(summary.totals).toMatchObject({ errors: 0 });
  });

  it('an answer of exactly the cap is stored whole and unmarked', async () => {
    const logbook = await logbookWithWell();
    t.fake.enqueue({
      kind: 'reply',
      text: 'y'.repeat(MAX - 1),
      chunks: 7,
      inputTokens: 1,
      outputTokens: 600,
    });
    const result = await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Fit', context: '' });
    expect(result.data.gen).toBe('y'.repeat(MAX - 1));
    expect(withoutEid(result.data.entry.attrs)).toEqual(
      answerAttrs(result.data.qid, MODEL, { input: 1, output: 600 }),
    );
    expect(await outcomes(logbook.logid)).toEqual(['ok']);
  });

  it('a provider response past the byte limit in one piece is refused without holding it', async () => {
    const logbook = await logbookWithWell();
    // One text event of 17 MB: no character cap can act before it is whole, the byte limit can.
    t.fake.enqueue({ kind: 'reply', text: 'z'.repeat(17 * 1024 * 1024), chunks: 1 });
    const body = await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Huge', context: '' }),
      502,
    );
    expect(body.reason).toMatch(/passed 16 MB/);
    expect(await storedEntries(logbook.logid)).toHaveLength(1);
    expect(await outcomes(logbook.logid)).toEqual(['error']);
  });
});

describe('characters a logbook cannot store in an answer', () => {
  const NASTY = 'a\u0000b\u001b[2Jc\u0007d \uD800 e';
  const CLEAN = 'a\uFFFDb\uFFFD[2Jc\uFFFDd \uFFFD e';

  it('submit: stores the answer with them replaced, and answers 200', async () => {
    const logbook = await logbookWithWell();
    t.fake.enqueue({ kind: 'reply', text: NASTY });
    const result = await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Nasty',
      context: '',
    });
    expect(result.data.gen).toBe(CLEAN);
    expect((await storedEntries(logbook.logid))[1]?.content).toBe(CLEAN);
    expect(await outcomes(logbook.logid)).toEqual(['ok']);
  });

  it('stream: the deltas and the stored answer are cleaned alike', async () => {
    const logbook = await logbookWithWell();
    t.fake.enqueue({ kind: 'reply', text: NASTY, chunks: 5 });
    const deltas: string[] = [];
    const result = await t.alice.client.queries.stream(
      { logid: logbook.logid, prompt: 'Nasty', context: '' },
      { onDelta: (text) => deltas.push(text) },
    );
    expect(deltas.join('')).toBe(CLEAN);
    expect(result.gen).toBe(CLEAN);
    expect((await storedEntries(logbook.logid))[1]?.content).toBe(CLEAN);
  });
});
