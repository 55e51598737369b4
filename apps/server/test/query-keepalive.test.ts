import { ApiClient, pathOf, type QuerySubmit, routes } from '@caravanserai/api';
import { createFakeWell, createLogbook, ORIGINS, useServer } from '@caravanserai/test-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEPALIVE_COMMENT, KEEPALIVE_MS } from '../src/lib/event-stream.js';

const t = useServer({ users: ['alice'], fake: true });

// The server runs in this process: only intervals are faked, so the keepalive's 15 s pass at once
// while sockets, the fake provider's pauses and everything else keep real time.
beforeEach(() => {
  t.fake.reset();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const ANSWER = 'The quick brown fox jumps over the lazy dog.';

async function logbookWithWell() {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS['openai-compatible'] });
  return createLogbook(t.alice.client, { logwell: well.wellid });
}

function postStream(body: QuerySubmit) {
  return t.server.http(pathOf(routes.queries.stream), {
    method: 'POST',
    body: JSON.stringify(body),
    token: t.alice.token,
  });
}

/** A streamed body read as it arrives. */
function wire(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  return {
    /** Reads until the text so far passes `check`. */
    async until(check: (text: string) => boolean) {
      while (!check(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended first:\n${text}`);
        text += value;
      }
    },
    async rest() {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += value;
      }
    },
  };
}

const keepalives = (text: string) => text.split(KEEPALIVE_COMMENT).length - 1;
const eventNames = (text: string) => [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);

describe('POST /journals/query/stream/ keepalive', () => {
  it('sends a comment line every 15 s while the model is silent, and stops with the stream', async () => {
    const logbook = await logbookWithWell();
    t.fake.enqueue({ kind: 'hang' });

    const res = await postStream({ logid: logbook.logid, prompt: 'Think slowly', qid: 'keepal01' });
    expect(res.status).toBe(200);
    if (!res.body) throw new Error('no body');
    const body = wire(res.body);
    await body.until((text) => text.includes('event: query'));

    vi.advanceTimersByTime(KEEPALIVE_MS);
    await body.until((text) => keepalives(text) === 1);
    vi.advanceTimersByTime(KEEPALIVE_MS);
    await body.until((text) => keepalives(text) === 2);

    expect(await t.alice.client.queries.cancel({ logid: logbook.logid, qid: 'keepal01' })).toEqual({
      cancelled: true,
    });
    const text = await body.rest();
    expect(eventNames(text)).toEqual(['query', 'cancelled']);
    expect(text).toMatch(
      /^id: 1\nevent: query\ndata: .*\n\n: keepalive\n\n: keepalive\n\nid: 2\nevent: cancelled\n/,
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves the typed client reading the answer with comments between its pieces', async () => {
    const logbook = await logbookWithWell();
    t.fake.enqueue({ kind: 'reply', text: ANSWER, chunks: 4, chunkDelayMs: 50 });
    const bodies: Promise<string>[] = [];
    const recording: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!res.body) return res;
      const [mine, theirs] = res.body.tee();
      bodies.push(new Response(mine).text());
      return new Response(theirs, { status: res.status, headers: res.headers });
    };
    const client = new ApiClient({ baseUrl: t.server.baseUrl, token: t.alice.token, fetch: recording });
    const deltas: string[] = [];

    const result = await client.queries.stream(
      { logid: logbook.logid, prompt: 'Pangram, slowly' },
      {
        onDelta: (text) => {
          deltas.push(text);
          // The next piece is 50 ms away: a whole keepalive interval passes meanwhile.
          vi.advanceTimersByTime(KEEPALIVE_MS);
        },
      },
    );

    expect(deltas.join('')).toBe(ANSWER);
    expect(result.gen).toBe(ANSWER);
    const [text = ''] = await Promise.all(bodies);
    expect(keepalives(text)).toBeGreaterThan(0);
    expect(text).toMatch(/event: delta\ndata: .*\n\n: keepalive\n\nid: \d+\nevent: delta\n/);
    expect(eventNames(text)).toEqual(['query', 'delta', 'delta', 'delta', 'delta', 'done']);
  });
});
