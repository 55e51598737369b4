import type { ApiClient, Logbook, LogbookCreate, Well, WellCreate } from '@caravanserai/api';
import { type Entry, parseLog, serializeLog, type Tag } from '@caravanserai/logbook';

// Data for tests, made through the API as a user would, and waiting for what lands later. No test
// runner here: the benchmark uses it too.

let sequence = 0;

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

/** The create fields, where `entries` stands for the `log` they serialise to. */
export type LogbookFields = LogbookCreate & { entries?: readonly Entry[] };

/** A logbook of the given client's, with a unique title unless one is given. */
export function createLogbook(client: ApiClient, fields: LogbookFields = {}): Promise<Logbook> {
  const { entries, ...create } = fields;
  return client.logbooks.create({
    title: `Logbook ${++sequence}`,
    ...(entries && { log: serializeLog(entries) }),
    ...create,
  });
}

/** A public, salted logbook holding `entries`: the kind that others may read and fork. */
export function createPublicSalted(client: ApiClient, entries: readonly Entry[] = sampleEntries()) {
  return createLogbook(client, { private: false, salted: true, entries });
}

/**
 * The entries of a logbook as the API sends them, read with the same parser clients use, without
 * the eid the server gives each entry (new at every write: tests of the tree read documentOf).
 */
export function entriesOf(logbook: Pick<Logbook, 'log'>): Entry[] {
  return documentOf(logbook).map((entry) => ({ ...entry, attrs: withoutEid(entry.attrs) }));
}

/** Attributes without the eid the server gave their entry. */
export function withoutEid({ eid: _eid, ...attrs }: Record<string, string>): Record<string, string> {
  return attrs;
}

/** The entries of a logbook as the API sends them, eids and all. */
export function documentOf(logbook: Pick<Logbook, 'log'>): Entry[] {
  return parseLog(logbook.log);
}

/** The entries the server holds for a logbook now. */
export async function storedEntries(client: ApiClient, logid: string): Promise<Entry[]> {
  return entriesOf(await client.logbooks.get(logid));
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

/** The fake AI provider's address for the family `origin` speaks (Google's API has its own path). */
export function fakeModelUrl(fake: { url: string }, origin: string): string {
  return `${fake.url}${origin.startsWith('google/') ? '/v1beta' : '/v1'}`;
}

/**
 * A well of the client's that the fake AI provider answers: an OpenAI-compatible llama3.2 holding
 * TEST_API_KEY unless `fields` say otherwise, its address the fake's for the family it speaks.
 */
export function createFakeWell(
  client: ApiClient,
  fake: { url: string },
  fields: Partial<WellCreate> = {},
): Promise<Well> {
  const origin = fields.origin_loc ?? ORIGINS['openai-compatible'];
  return client.wells.create({
    title: `Well ${++sequence}`,
    AUTH_MODEL_KEY: TEST_API_KEY,
    origin_loc: origin,
    model_url: fakeModelUrl(fake, origin),
    ...fields,
  });
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

/** Waits until the clock has moved on, so timestamps taken before and after differ. */
export async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < 2) await sleep(1);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns a value, failing after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(25);
  }
}
