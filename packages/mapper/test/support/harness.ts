import { ApiClient, type Logbook, type LogbookCreate, type Well } from '@caravanserai/api';
import type { FakeProvider } from '@caravanserai/fake-provider';
import { type Entry, parseLog, serializeLog, type Tag } from '@caravanserai/logbook';
import {
  type SignedIn,
  type TestServer,
  type UsedServer,
  useServer,
} from '../../../../apps/server/test/helper.js';

export type { SignedIn };

/**
 * The real server over a fresh database, a fake AI provider its wells may call, and the given users
 * signed up: useServer with the terminal's query timeout. Call it at module top level.
 */
export function useHarness<const U extends string>(users: readonly U[]): UsedServer<U> {
  return useServer({ users, fake: true, overrides: { queryTimeoutMs: 5000 } });
}

let sequence = 0;

export function entry(tag: Tag, content: string, attrs: Record<string, string> = {}): Entry {
  return { tag, attrs, content };
}

export function createWell(user: SignedIn, fake: FakeProvider, title = `Well ${++sequence}`): Promise<Well> {
  return user.client.wells.create({
    title,
    AUTH_MODEL_KEY: 'sk-test-0123456789abcdef',
    origin_loc: 'openai-compatible/llama3.2',
    model_url: `${fake.url}/v1`,
  });
}

export function createLogbook(
  user: SignedIn,
  entries: readonly Entry[] = [],
  overrides: LogbookCreate = {},
): Promise<Logbook> {
  return user.client.logbooks.create({
    title: `Logbook ${++sequence}`,
    log: serializeLog(entries),
    ...overrides,
  });
}

export async function entriesOf(user: SignedIn, logid: string): Promise<Entry[]> {
  return parseLog((await user.client.logbooks.get(logid)).log);
}

/**
 * The real client, but every logbook it reads carries a log that does not parse: the server only
 * ever sends well-formed XML, and the terminal's handling of a broken one still needs a test.
 */
export function brokenLogClient(server: TestServer, token: string): ApiClient {
  return new ApiClient({
    baseUrl: server.baseUrl,
    token,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const isLogbookRead =
        (init?.method ?? 'GET') === 'GET' && /\/journals\/logbooks\/[^/]+\/$/.test(String(input));
      if (!isLogbookRead || !response.ok) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, log: '<logbook><query>open' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` returns a value. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(25);
  }
}
