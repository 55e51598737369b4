import { ApiError, pathOf, QueryResult, type QuerySubmit, routes } from '@caravanserai/api';
import { EID } from '@caravanserai/logbook';
import {
  answerAttrs,
  createFakeWell,
  createLogbook,
  entriesOf,
  entry,
  eventually,
  ORIGINS,
  useServer,
} from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice'], fake: true });

beforeEach(() => t.fake.reset());

const PROVIDERS = Object.keys(ORIGINS) as (keyof typeof ORIGINS)[];
const ANSWER = 'The quick brown fox jumps over the lazy dog.';

interface Event {
  event: string;
  data: unknown;
}

/** Splits a whole Server-Sent Events body into its events, read independently of the client. */
function parseEvents(text: string): Event[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice('event: '.length) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice('data: '.length))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}

async function logbookWithWell(provider: keyof typeof ORIGINS = 'openai-compatible') {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS[provider] });
  return createLogbook(t.alice.client, { logwell: well.wellid });
}

/** Raw POST to the streaming route, as alice unless `token` is null (anonymous). */
function postStream(body: QuerySubmit, token: string | null = t.alice.token) {
  return t.server.http(pathOf(routes.queries.stream), {
    method: 'POST',
    body: JSON.stringify(body),
    ...(token ? { token } : {}),
  });
}

async function entriesNow(logid: string) {
  return entriesOf(await t.alice.client.logbooks.get(logid));
}

describe('POST /journals/query/stream/', () => {
  for (const provider of PROVIDERS) {
    it(`streams a ${provider} answer as query, deltas, then done with the stored entry`, async () => {
      const logbook = await logbookWithWell(provider);
      t.fake.enqueue({ kind: 'reply', text: ANSWER, chunks: 4, inputTokens: 9, outputTokens: 4 });

      const res = await postStream({
        logid: logbook.logid,
        prompt: 'Say the pangram',
        shell_mode: 'QUERY',
        context: 'Be brief.',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = parseEvents(await res.text());

      const [first, ...rest] = events;
      const last = rest.pop();
      if (!first) throw new Error('the stream sent no events');
      expect(first.event).toBe('query');
      const { qid } = first.data as { qid: string; index: number };
      // A new query: the entry it follows (none, in an empty log) and the version its writing made.
      expect(first.data).toEqual({
        qid,
        index: 0,
        eid: expect.stringMatching(EID),
        parent: null,
        version: expect.any(Number),
      });

      expect(rest.map((e) => e.event)).toEqual(['delta', 'delta', 'delta', 'delta']);
      const deltas = rest.map((e) => (e.data as { text: string }).text);
      expect(deltas.join('')).toBe(ANSWER);

      expect(last?.event).toBe('done');
      expect(last?.data).toEqual({
        gen: ANSWER,
        qid,
        entry: {
          tag: 'gen',
          attrs: {
            ...answerAttrs(qid, ORIGINS[provider], { input: 9, output: 4 }),
            eid: expect.stringMatching(EID),
          },
          content: ANSWER,
          index: 1,
        },
        usage: { input_tokens: 9, output_tokens: 4 },
        version: logbook.version + 2,
      });

      expect(await entriesNow(logbook.logid)).toEqual([
        entry('query', 'Say the pangram', { qid }),
        entry('gen', deltas.join(''), answerAttrs(qid, ORIGINS[provider], { input: 9, output: 4 })),
      ]);
      expect(t.fake.requests).toHaveLength(1);
      expect(t.fake.requests[0]?.stream).toBe(true);
      expect(t.fake.requests[0]?.messages).toEqual([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say the pangram' },
      ]);
    });
  }

  it('keeps the qid of a query entry already stored and adds no second one', async () => {
    const logbook = await logbookWithWell();
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      content: 'Hi',
      attrs: { qid: 'kept0001' },
    });
    t.fake.enqueue({ kind: 'reply', text: 'Hello.', inputTokens: 1, outputTokens: 1 });
    const events = parseEvents(
      await (await postStream({ logid: logbook.logid, prompt: 'Hi', qid: 'kept0001', context: '' })).text(),
    );
    expect(events[0]).toEqual({
      event: 'query',
      data: { qid: 'kept0001', index: 0, eid: expect.stringMatching(EID) },
    });
    expect(events.at(-1)?.event).toBe('done');
    expect(await entriesNow(logbook.logid)).toEqual([
      entry('query', 'Hi', { qid: 'kept0001' }),
      entry('gen', 'Hello.', answerAttrs('kept0001', ORIGINS['openai-compatible'], { input: 1, output: 1 })),
    ]);
  });
});

describe('client.queries.stream()', () => {
  it('calls onQuery once and onDelta per piece, then resolves with the stored answer', async () => {
    const logbook = await logbookWithWell('openai');
    t.fake.enqueue({ kind: 'reply', text: ANSWER, chunks: 4, inputTokens: 7, outputTokens: 3 });
    const deltas: string[] = [];
    const queries: { qid: string; index: number }[] = [];

    const result = await t.alice.client.queries.stream(
      { logid: logbook.logid, prompt: 'Pangram, please', context: '' },
      { onQuery: (q) => queries.push(q), onDelta: (text) => deltas.push(text) },
    );

    expect(deltas).toHaveLength(4);
    expect(deltas.join('')).toBe(ANSWER);
    expect(queries).toEqual([
      {
        qid: result.qid,
        index: 0,
        eid: expect.stringMatching(EID),
        parent: null,
        version: result.version - 1,
      },
    ]);
    expect(QueryResult.shape.data.parse(result)).toEqual(result);
    expect(result).toEqual({
      gen: ANSWER,
      qid: result.qid,
      entry: {
        tag: 'gen',
        attrs: {
          ...answerAttrs(result.qid, ORIGINS.openai, { input: 7, output: 3 }),
          eid: expect.stringMatching(EID),
        },
        content: ANSWER,
        index: 1,
      },
      usage: { input_tokens: 7, output_tokens: 3 },
      version: logbook.version + 2,
    });
    expect(await entriesNow(logbook.logid)).toEqual([
      entry('query', 'Pangram, please', { qid: result.qid }),
      entry('gen', ANSWER, answerAttrs(result.qid, ORIGINS.openai, { input: 7, output: 3 })),
    ]);
  });

  it('stores the whole answer although the client disconnects after the first delta', async () => {
    const logbook = await logbookWithWell();
    t.fake.enqueue({
      kind: 'reply',
      text: ANSWER,
      chunks: 6,
      chunkDelayMs: 50,
      inputTokens: 1,
      outputTokens: 9,
    });
    const controller = new AbortController();
    const deltas: string[] = [];

    await expect(
      t.alice.client.queries.stream(
        { logid: logbook.logid, prompt: 'Slowly', context: '' },
        {
          signal: controller.signal,
          onDelta: (text) => {
            deltas.push(text);
            controller.abort();
          },
        },
      ),
    ).rejects.toThrow();
    expect(deltas).toHaveLength(1);
    expect(deltas[0]).not.toBe(ANSWER);

    const entries = await eventually(async () => {
      const now = await entriesNow(logbook.logid);
      return now.some((e) => e.tag === 'gen') ? now : undefined;
    });
    const qid = entries[0]?.attrs.qid ?? '';
    expect(entries).toEqual([
      entry('query', 'Slowly', { qid }),
      entry('gen', ANSWER, answerAttrs(qid, ORIGINS['openai-compatible'], { input: 1, output: 9 })),
    ]);
  });
});

describe('refusals come back as JSON errors, not a stream', () => {
  it('a salted logbook: 409, no provider call, no entry', async () => {
    const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS.openai });
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid, salted: true });
    const res = await postStream({ logid: logbook.logid, prompt: 'Thaw?' });
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(expect.objectContaining({ detail: expect.stringContaining('salted') }));
    expect(t.fake.requests).toEqual([]);
    expect(await entriesNow(logbook.logid)).toEqual([]);
  });

  it('an anonymous caller: 401, no provider call, no entry', async () => {
    const logbook = await logbookWithWell();
    const res = await postStream({ logid: logbook.logid, prompt: 'Hello?' }, null);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(expect.objectContaining({ detail: expect.any(String) }));
    expect(t.fake.requests).toEqual([]);
    expect(await entriesNow(logbook.logid)).toEqual([]);
  });

  it('the client rejects with the refusal’s status and body', async () => {
    const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS.openai });
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid, salted: true });
    const error = await t.alice.client.queries.stream({ logid: logbook.logid, prompt: 'Thaw?' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).detail).toEqual(expect.stringContaining('salted'));
    const blank = await t.server
      .client(t.alice.token)
      .queries.stream({ logid: logbook.logid, prompt: ' ' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((blank as ApiError).status).toBe(400);
    expect((blank as ApiError).fields).toEqual({ prompt: ['This field may not be blank.'] });
    expect(t.fake.requests).toEqual([]);
  });
});
