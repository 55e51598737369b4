/** Helpers for the fake's own tests: a fake per test file, plain fetch calls and an SSE reader. */

import { afterAll, afterEach, beforeAll } from 'vitest';
import { type FakeProvider, startFakeProvider } from './index';

/**
 * A fake started before the file's tests, reset after each test and closed after them all. It
 * registers those vitest hooks itself, so call it at module top level and use the result in tests.
 */
export function useFakeProvider(): FakeProvider {
  let started: FakeProvider | undefined;
  const ready = (): FakeProvider => {
    if (started) return started;
    throw new Error('useFakeProvider: the fake is not started yet; use it inside tests');
  };
  beforeAll(async () => {
    started = await startFakeProvider();
  });
  afterEach(() => started?.reset());
  afterAll(() => started?.close());
  return {
    get url() {
      return ready().url;
    },
    get requests() {
      return ready().requests;
    },
    enqueue: (script) => ready().enqueue(script),
    setDefault: (script) => ready().setDefault(script),
    reset: () => ready().reset(),
    close: () => ready().close(),
  };
}

/** A Chat Completions request body with one user message. */
export const userSays = (content: string) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content }],
});

export interface SseEvent {
  event?: string;
  data: string;
}

/** Splits an event stream into events; accepts LF and CRLF line ends. */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const event: SseEvent = { data: '' };
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event: ')) event.event = line.slice('event: '.length);
      if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
    }
    if (data.length > 0) events.push({ ...event, data: data.join('\n') });
  }
  return events;
}

/** The JSON payloads of an event stream, leaving out non-JSON data such as `[DONE]`. */
export function sseJson(text: string): Record<string, unknown>[] {
  const payloads: Record<string, unknown>[] = [];
  for (const event of parseSse(text)) {
    if (event.data.startsWith('{')) payloads.push(JSON.parse(event.data) as Record<string, unknown>);
  }
  return payloads;
}

export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

export const OPENAI_KEY = { authorization: 'Bearer sk-test' };
export const ANTHROPIC_KEY = { 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' };
export const GEMINI_KEY = { 'x-goog-api-key': 'gemini-test' };

/** Reads a nested field of parsed JSON: `at(body, 'choices', 0, 'message')`. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
