import type { ApiClient, Logbook, LogbookCreate, Well, WellCreate } from '@caravanserai/api';
import { type Entry, parseLog, serializeLog, type Tag } from '@caravanserai/logbook';
import { expect } from 'vitest';
import type { UsedServer } from './helper.js';

let sequence = 0;

/** A logbook of the given client's, with a unique title unless one is given. */
export function createLogbook(client: ApiClient, overrides: LogbookCreate = {}): Promise<Logbook> {
  return client.logbooks.create({ title: `Logbook ${++sequence}`, ...overrides });
}

/** A public, salted logbook holding `entries`: the kind that others may read and fork. */
export async function createPublicSalted(client: ApiClient, entries: readonly Entry[] = sampleEntries()) {
  return createLogbook(client, { private: false, salted: true, log: serializeLog(entries) });
}

export function entry(tag: Tag, content: string, attrs: Record<string, string> = {}): Entry {
  return { tag, attrs, content };
}

export function sampleEntries(): Entry[] {
  return [
    entry('context', 'You are terse.'),
    entry('query', 'What is 2 + 2?', { qid: 'abcd1234' }),
    entry('gen', 'Four.', { qid: 'abcd1234' }),
  ];
}

/** The entries of a logbook as the API sends them, read with the same parser clients use. */
export function entriesOf(logbook: Pick<Logbook, 'log'>): Entry[] {
  return parseLog(logbook.log);
}

/** Waits until the clock has moved on, so timestamps taken before and after differ. */
export async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < 2) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** One well per provider family, each named by a model that family serves. */
export const ORIGINS = {
  openai: 'openai/gpt-4o-mini',
  anthropic: 'anthropic/claude-haiku-4-5',
  google: 'google/gemini-2.5-flash',
  mistral: 'mistral/mistral-small-latest',
  'openai-compatible': 'openai-compatible/llama3.2',
} as const;

export const TEST_API_KEY = 'sk-test-0123456789abcdef';

/** A well of the client's that calls the fake provider, speaking the family of `origin`. */
export function createWell(
  client: ApiClient,
  fake: { url: string },
  origin: string,
  title = `Well ${++sequence}`,
): Promise<Well> {
  const prefix = origin.startsWith('google/') ? '/v1beta' : '/v1';
  return client.wells.create({
    title,
    AUTH_MODEL_KEY: TEST_API_KEY,
    origin_loc: origin,
    model_url: `${fake.url}${prefix}`,
  });
}

/** Polls `check` until it returns a value, failing after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * What the wells tests expect: the key their wells hold unless told otherwise, as stored and as shown
 * back, and the address each provider's wells call when given none.
 */
export const WELL_DEFAULTS = {
  KEY: 'sk-test-0123456789',
  MASKED: '…6789',
  DEFAULT_URLS: {
    openai: 'https://api.openai.com/v1',
    anthropic: 'https://api.anthropic.com/v1',
    google: 'https://generativelanguage.googleapis.com/v1beta',
    mistral: 'https://api.mistral.ai/v1',
  },
} as const;

/** The wells tests' helpers, over the server and fake provider of the file's useServer. */
export function wellHelpers(t: Pick<UsedServer, 'server' | 'fake'>) {
  /** An OpenAI well holding WELL_DEFAULTS.KEY unless told otherwise. */
  function createWell(client: ApiClient, overrides: Partial<WellCreate> = {}): Promise<Well> {
    return client.wells.create({
      title: `Well ${++sequence}`,
      AUTH_MODEL_KEY: WELL_DEFAULTS.KEY,
      origin_loc: 'openai/gpt-4o-mini',
      ...overrides,
    });
  }

  /** An OpenAI-compatible well that calls the fake provider. */
  function createFakeWell(client: ApiClient, key: string = WELL_DEFAULTS.KEY): Promise<Well> {
    return createWell(client, {
      AUTH_MODEL_KEY: key,
      origin_loc: 'openai-compatible/llama3.2',
      model_url: `${t.fake.url}/v1`,
    });
  }

  /** Asks the logbook's well once and returns the API key the fake provider was sent. */
  async function keySentBy(client: ApiClient, logid: string): Promise<string | undefined> {
    const before = t.fake.requests.length;
    const result = await client.queries.submit({
      logid,
      prompt: 'Who am I?',
      shell_mode: 'QUERY',
      context: '',
    });
    expect(result.data.gen).toContain('Who am I?');
    expect(t.fake.requests).toHaveLength(before + 1);
    return t.fake.requests.at(-1)?.headers.authorization;
  }

  function postWell(token: string, body: unknown): Promise<Response> {
    return t.server.http('/journals/wells/', { method: 'POST', token, body: JSON.stringify(body) });
  }

  return { createWell, createFakeWell, keySentBy, postWell };
}

/** Fails when `text` holds the key or any run of eight or more of its characters. */
export function expectNoPartOf(key: string, text: string): void {
  for (let i = 0; i + 8 <= key.length; i++) expect(text).not.toContain(key.slice(i, i + 8));
}

/** The attributes of a stored answer: its qid, the model that gave it and the tokens it took. */
export function answerAttrs(
  qid: string,
  model: string,
  tokens: { input: number; output: number },
  extra: Record<string, string> = {},
): Record<string, string> {
  return { qid, model, input_tokens: String(tokens.input), output_tokens: String(tokens.output), ...extra };
}
