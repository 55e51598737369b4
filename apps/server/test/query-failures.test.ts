import { ApiError, pathOf, routes } from '@caravanserai/api';
import {
  answerAttrs,
  createFakeWell,
  createLogbook,
  entriesOf,
  entry,
  expectStatus,
  ORIGINS,
  type SignedIn,
  startServer,
  TEST_API_KEY,
  type TestServer,
  useServer,
} from '@caravanserai/test-kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const AI_FAILED = 'Error fetching response from AI.';
const PROVIDERS = Object.keys(ORIGINS) as (keyof typeof ORIGINS)[];

const t = useServer({ users: ['alice'], fake: true });

beforeEach(() => t.fake.reset());

async function logbookWithWell(user: SignedIn, provider: keyof typeof ORIGINS = 'openai-compatible') {
  const well = await createFakeWell(user.client, t.fake, { origin_loc: ORIGINS[provider] });
  return createLogbook(user.client, { logwell: well.wellid });
}

async function entriesNow(user: SignedIn, logid: string) {
  return entriesOf(await user.client.logbooks.get(logid));
}

/** The usage rows recorded for one logbook, read straight from the database. */
function usageRows(on: TestServer, logid: string) {
  return on.testDb.db.kysely
    .selectFrom('usage')
    .select(['outcome', 'streamed', 'provider', 'model', 'input_tokens', 'output_tokens'])
    .where('logid', '=', logid)
    .execute();
}

/** The SSE events of a streamed query, as the server sent them. */
async function streamEvents(on: TestServer, token: string, body: Record<string, unknown>) {
  const res = await on.http(pathOf(routes.queries.stream), {
    method: 'POST',
    token,
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return (await res.text())
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      return {
        event: lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message',
        data: JSON.parse(lines.find((l) => l.startsWith('data: '))?.slice(6) ?? 'null') as Record<
          string,
          unknown
        >,
      };
    });
}

/** The query entry is kept with its qid, and nothing follows it. */
async function expectOnlyTheQuery(user: SignedIn, logid: string, prompt: string) {
  const entries = await entriesNow(user, logid);
  expect(entries).toEqual([entry('query', prompt, { qid: expect.any(String) })]);
}

describe('a provider HTTP error', () => {
  for (const provider of PROVIDERS) {
    for (const status of [401, 429, 500]) {
      it(`${provider} ${status}: 502 with the provider's message, the query kept, no answer`, async () => {
        const logbook = await logbookWithWell(t.alice, provider);
        const message = `Fake ${status} failure for ${provider}`;
        t.fake.enqueue({ kind: 'error', status, message });

        const body = await expectStatus(
          t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Will this fail?', context: '' }),
          502,
        );
        expect(body.detail).toBe(AI_FAILED);
        expect(body.reason).toEqual(expect.stringContaining(message));

        expect(t.fake.requests).toHaveLength(1);
        await expectOnlyTheQuery(t.alice, logbook.logid, 'Will this fail?');
        expect(await usageRows(t.server, logbook.logid)).toEqual([
          {
            outcome: 'error',
            streamed: 0,
            provider,
            model: ORIGINS[provider].slice(provider.length + 1),
            input_tokens: 0,
            output_tokens: 0,
          },
        ]);
      });
    }
  }

  it('keeps the API key out of the reason even when the provider echoes it', async () => {
    const logbook = await logbookWithWell(t.alice, 'openai');
    t.fake.enqueue({ kind: 'error', status: 401, message: `Incorrect API key provided: ${TEST_API_KEY}.` });
    const body = await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Key?', context: '' }),
      502,
    );
    expect(body.reason).toEqual(expect.stringContaining('Incorrect API key provided'));
    expect(JSON.stringify(body)).not.toContain(TEST_API_KEY);
    expect(JSON.stringify(body)).not.toContain(TEST_API_KEY.slice(0, -4));
  });

  it('a retried query with the same qid reuses the kept query entry', async () => {
    const logbook = await logbookWithWell(t.alice);
    t.fake.enqueue({ kind: 'error', status: 500, message: 'Try again later' });
    const prompt = { logid: logbook.logid, prompt: 'Again?', context: '', qid: 'retry001' };
    await expectStatus(t.alice.client.queries.submit(prompt), 502);
    t.fake.enqueue({ kind: 'reply', text: 'Second time lucky.', inputTokens: 1, outputTokens: 3 });
    await t.alice.client.queries.submit(prompt);
    expect(await entriesNow(t.alice, logbook.logid)).toEqual([
      entry('query', 'Again?', { qid: 'retry001' }),
      entry(
        'gen',
        'Second time lucky.',
        answerAttrs('retry001', 'openai-compatible/llama3.2', { input: 1, output: 3 }),
      ),
    ]);
    expect((await usageRows(t.server, logbook.logid)).map((r) => r.outcome).sort()).toEqual(['error', 'ok']);
  });

  it('a connection dropped before any answer: 502, the query kept', async () => {
    const logbook = await logbookWithWell(t.alice);
    t.fake.enqueue({ kind: 'drop', text: 'never sent', afterChunks: 0 });
    const body = await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Hello?', context: '' }),
      502,
    );
    expect(body.detail).toBe(AI_FAILED);
    await expectOnlyTheQuery(t.alice, logbook.logid, 'Hello?');
  });
});

describe('a failure while streaming', () => {
  it('a stream dropped halfway: the deltas so far, then an error event; the query kept, no answer', async () => {
    const logbook = await logbookWithWell(t.alice);
    t.fake.enqueue({ kind: 'drop', text: 'One two three four five six.', afterChunks: 2 });

    const events = await streamEvents(t.server, t.alice.token, {
      logid: logbook.logid,
      prompt: 'Count',
      context: '',
    });
    expect(events[0]?.event).toBe('query');
    expect(events.filter((e) => e.event === 'done')).toEqual([]);
    const last = events.at(-1);
    expect(last?.event).toBe('error');
    expect(last?.data.detail).toBe(AI_FAILED);
    expect(last?.data.reason).toEqual(expect.any(String));
    const deltas = events.filter((e) => e.event === 'delta').map((e) => String(e.data.text));
    expect('One two three four five six.'.startsWith(deltas.join(''))).toBe(true);
    expect(deltas.join('')).not.toBe('One two three four five six.');

    await expectOnlyTheQuery(t.alice, logbook.logid, 'Count');
    expect(await usageRows(t.server, logbook.logid)).toEqual([
      expect.objectContaining({ outcome: 'error', streamed: 1 }),
    ]);
  });

  for (const provider of ['openai', 'anthropic', 'google'] as const) {
    it(`a streamed ${provider} 500: an error event with the provider's message`, async () => {
      const logbook = await logbookWithWell(t.alice, provider);
      t.fake.enqueue({ kind: 'error', status: 500, message: 'The fake is overloaded' });
      const events = await streamEvents(t.server, t.alice.token, {
        logid: logbook.logid,
        prompt: 'Busy?',
        context: '',
      });
      expect(events.map((e) => e.event)).toEqual(['query', 'error']);
      expect(events[1]?.data).toEqual(
        expect.objectContaining({
          detail: AI_FAILED,
          reason: expect.stringContaining('The fake is overloaded'),
        }),
      );
      await expectOnlyTheQuery(t.alice, logbook.logid, 'Busy?');
      expect(await usageRows(t.server, logbook.logid)).toEqual([
        expect.objectContaining({ outcome: 'error', streamed: 1, input_tokens: 0, output_tokens: 0 }),
      ]);
    });
  }

  it('the client rejects with a 502 ApiError carrying the detail and reason', async () => {
    const logbook = await logbookWithWell(t.alice);
    t.fake.enqueue({ kind: 'error', status: 429, message: 'Slow down' });
    const error = await t.alice.client.queries
      .stream({ logid: logbook.logid, prompt: 'Now?', context: '' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).body).toEqual(
      expect.objectContaining({ detail: AI_FAILED, reason: expect.stringContaining('Slow down') }),
    );
    await expectOnlyTheQuery(t.alice, logbook.logid, 'Now?');
  });
});

describe('a provider that never answers', () => {
  let slow: TestServer;
  let bob: SignedIn;
  beforeAll(async () => {
    slow = await startServer({ wellAllowedHosts: [new URL(t.fake.url).host], queryTimeoutMs: 500 });
    bob = await slow.signup('bob');
  });
  afterAll(() => slow.close());

  it('submit: 502 naming the time limit, the query kept, usage outcome timeout', async () => {
    const logbook = await logbookWithWell(bob);
    t.fake.enqueue({ kind: 'hang' });
    const started = Date.now();
    const body = await expectStatus(
      bob.client.queries.submit({ logid: logbook.logid, prompt: 'Anyone there?', context: '' }),
      502,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(body.detail).toBe(AI_FAILED);
    expect(body.reason).toEqual(expect.stringMatching(/within 0\.5 s/));
    await expectOnlyTheQuery(bob, logbook.logid, 'Anyone there?');
    expect(await usageRows(slow, logbook.logid)).toEqual([
      expect.objectContaining({ outcome: 'timeout', streamed: 0 }),
    ]);
  });

  it('stream: an error event naming the time limit, the query kept, usage outcome timeout', async () => {
    const logbook = await logbookWithWell(bob);
    t.fake.enqueue({ kind: 'hang' });
    const events = await streamEvents(slow, bob.token, {
      logid: logbook.logid,
      prompt: 'Still there?',
      context: '',
    });
    expect(events.map((e) => e.event)).toEqual(['query', 'error']);
    expect(events[1]?.data).toEqual(
      expect.objectContaining({ detail: AI_FAILED, reason: expect.stringMatching(/within 0\.5 s/) }),
    );
    await expectOnlyTheQuery(bob, logbook.logid, 'Still there?');
    expect(await usageRows(slow, logbook.logid)).toEqual([
      expect.objectContaining({ outcome: 'timeout', streamed: 1 }),
    ]);
  });

  it('a slow stream that started answering is still cut at the time limit', async () => {
    const logbook = await logbookWithWell(bob);
    t.fake.enqueue({ kind: 'reply', text: 'a b c d e f g h', chunks: 8, chunkDelayMs: 150 });
    const events = await streamEvents(slow, bob.token, {
      logid: logbook.logid,
      prompt: 'Take your time',
      context: '',
    });
    expect(events.at(-1)?.event).toBe('error');
    await expectOnlyTheQuery(bob, logbook.logid, 'Take your time');
    expect(await usageRows(slow, logbook.logid)).toEqual([expect.objectContaining({ outcome: 'timeout' })]);
  });
});
