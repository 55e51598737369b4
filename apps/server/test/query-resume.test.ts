import { ApiClient, readSse, type SseEvent } from '@caravanserai/api';
import { createFakeWell, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventStream } from '../src/lib/event-stream.js';
import { AnswerEvents, INTERRUPTED_REASON } from '../src/modules/queries/answer-events.js';
import { AnswerEventsRepository } from '../src/modules/queries/answer-events.repository.js';
import { useSecondProcess } from './second-process.js';

/**
 * Resuming a cut answer stream (DESIGN 9): every event has an id, and `GET /journals/query/stream/`
 * with `Last-Event-ID` sends the rest of the answer, from any server process.
 */
const t = useServer({ users: ['alice', 'bob'], fake: true });
const second = useSecondProcess(t);

beforeEach(() => t.fake.reset());

const TEXT = 'one two three four five six seven eight';
let sequence = 0;

async function logbookWithWell() {
  const well = await createFakeWell(t.alice.client, t.fake);
  return t.alice.client.logbooks.create({ title: 'Resumable', logwell: well.wellid });
}

/** Starts an answer and reads `count` events of its stream, then cuts the connection. */
async function cutAfter(logid: string, count: number) {
  const qid = `resume${++sequence}`;
  t.fake.enqueue({ kind: 'reply', text: TEXT, chunks: 8, chunkDelayMs: 60 });
  const controller = new AbortController();
  const response = await fetch(`${t.server.baseUrl}/journals/query/stream/`, {
    method: 'POST',
    headers: { Authorization: `Token ${t.alice.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ logid, prompt: 'Count', qid }),
    signal: controller.signal,
  });
  const heard: SseEvent[] = [];
  for await (const event of readSse(response.body!)) {
    heard.push(event);
    if (heard.length === count) break;
  }
  controller.abort();
  return { qid, heard };
}

async function resume(base: string, logid: string, qid: string, lastId?: string, token = t.alice.token) {
  const response = await fetch(`${base}/journals/query/stream/?logid=${logid}&qid=${qid}`, {
    headers: {
      Authorization: `Token ${token}`,
      ...(lastId === undefined ? {} : { 'Last-Event-ID': lastId }),
    },
  });
  if (!response.ok) return { status: response.status, events: [] as SseEvent[] };
  const events: SseEvent[] = [];
  for await (const event of readSse(response.body!)) events.push(event);
  return { status: response.status, events };
}

const text = (events: SseEvent[]) =>
  events
    .filter((event) => event.event === 'delta')
    .map((event) => (JSON.parse(event.data) as { text: string }).text)
    .join('');

describe('an answer stream cut before its end', () => {
  it('numbers its events, and sends the rest after Last-Event-ID through another process', async () => {
    const { logid } = await logbookWithWell();
    const { qid, heard } = await cutAfter(logid, 3);
    expect(heard.map((event) => event.id)).toEqual(['1', '2', '3']);
    expect(heard[0]!.event).toBe('query');

    const rest = await resume(second.baseUrl, logid, qid, '3');
    expect(rest.status).toBe(200);
    expect(rest.events[0]!.id).toBe('4');
    expect(rest.events.at(-1)!.event).toBe('done');
    expect(text([...heard, ...rest.events])).toBe(TEXT);
    // Numbered one after another, none twice.
    const ids = [...heard, ...rest.events].map((event) => Number(event.id));
    expect(ids).toEqual(ids.map((_, i) => i + 1));
  });

  it('sends the whole stream without Last-Event-ID, and the kept end once the answer is stored', async () => {
    const { logid } = await logbookWithWell();
    const { qid } = await cutAfter(logid, 2);
    const whole = await resume(t.server.baseUrl, logid, qid);
    expect(whole.events[0]!.event).toBe('query');
    expect(text(whole.events)).toBe(TEXT);
    const again = await resume(t.server.baseUrl, logid, qid, whole.events.at(-2)!.id);
    expect(again.events.map((event) => event.event)).toEqual(['done']);
  });

  it('is resumed by the client itself when the connection breaks mid-answer', async () => {
    const { logid } = await logbookWithWell();
    t.fake.enqueue({ kind: 'reply', text: TEXT, chunks: 8, chunkDelayMs: 60 });
    let cut = false;
    // A proxy dropping the first stream's connection after its first bytes.
    const cutting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (cut || init?.method !== 'POST' || !response.body) return response;
      cut = true;
      const reader = response.body.getReader();
      const first = await reader.read();
      let pulls = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulls++ === 0 && first.value) controller.enqueue(first.value);
          else {
            void reader.cancel();
            controller.error(new TypeError('terminated'));
          }
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const client = new ApiClient({ baseUrl: t.server.baseUrl, token: t.alice.token, fetch: cutting });
    let streamed = '';
    const result = await client.queries.stream(
      { logid, prompt: 'Count' },
      {
        onDelta: (piece) => {
          streamed += piece;
        },
      },
    );
    expect(cut).toBe(true);
    expect(result.entry.content).toBe(TEXT);
    expect(streamed).toBe(TEXT);
  });

  it('is resumed only by the user who asked, for a query that streamed, with a numeric Last-Event-ID', async () => {
    const { logid } = await logbookWithWell();
    const { qid } = await cutAfter(logid, 2);
    expect((await resume(t.server.baseUrl, logid, qid, '1', t.bob.token)).status).toBe(404);
    expect((await resume(t.server.baseUrl, logid, 'neverasked', '1')).status).toBe(404);
    expect((await resume(t.server.baseUrl, logid, qid, 'x1')).status).toBe(400);
    await expectStatus(t.alice.client.queries.resume({ query: { logid: 'not a logid', qid } } as never), 400);
  });

  it('ends with an error when the process running the answer stopped writing it', async () => {
    const db = t.server.testDb.db.kysely;
    const repo = new AnswerEventsRepository(db);
    const { pk } = t.alice;
    // What a process left when it died mid-answer: events, no end, no more chunks.
    const query = 'event: delta\ndata: {"text":"half"}\n\n';
    await repo.insert({
      logid: 'deadlogbook00001',
      qid: 'dead1',
      chunk: 0,
      user_id: pk,
      first_seq: 1,
      frames: JSON.stringify([query]),
      ended: 0,
      at: Date.now(),
    });
    const events = new AnswerEvents(repo, { onError: () => undefined, interruptedMs: 300 });
    const written: string[] = [];
    const stream: EventStream = {
      send: () => undefined,
      write: (frame) => written.push(frame),
      end: () => undefined,
      onClose: () => undefined,
    };
    const chunks = await events.find(pk, 'deadlogbook00001', 'dead1');
    await events.follow(pk, 'deadlogbook00001', 'dead1', chunks, 0, stream);
    expect(written[0]).toBe(query);
    expect(written[1]).toContain('event: error');
    expect(written[1]).toContain('id: 2');
    expect(written[1]).toContain(INTERRUPTED_REASON);
  });
});
