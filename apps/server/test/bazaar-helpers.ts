import { createHash, randomBytes } from 'node:crypto';
import type { ApiClient, ListingPublish, Logbook, Published } from '@caravanserai/api';
import { type Entry, parseLog } from '@caravanserai/logbook';
import { createLogbook, entry, type LogbookFields, type TestServer } from '@caravanserai/test-kit';

/**
 * A conversation with two answers to its question, a note and shell output. The active path is
 * left on the older answer (set with `head`, so it is not simply the last entry): the newer one is
 * on another branch and never belongs in a copy.
 */
export const BRANCHED: Entry[] = [
  entry('context', 'You are a patient baker.', { eid: 'ctx00000' }),
  entry('query', 'How do I feed a sourdough starter?', { qid: 'q1', eid: 'ask00000' }),
  entry('gen', 'Equal weights of flour and water, daily.', { qid: 'q1', eid: 'old00000' }),
  entry('comment', 'Note to self: try rye.', { eid: 'note0000', parent: 'old00000' }),
  entry('shell', 'ls ~/recipes', { eid: 'shel0000', parent: 'note0000' }),
  entry('code', 'feed(starter, { flour: "rye" })', { eid: 'code0000', parent: 'shel0000' }),
  entry('gen', 'Throw it away and buy bread.', { qid: 'q1', eid: 'new00000', parent: 'ask00000' }),
];
/** The leaf of the active path in BRANCHED. */
export const BRANCHED_HEAD = 'code0000';

/** [tag, content] of each entry of a copy or log, in order. */
export const turnsOf = (log: string) => parseLog(log).map((e) => [e.tag, e.content]);

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A word found nowhere else, so searches in a shared gallery find only what a test made. */
export function uniqueWord(): string {
  return [...randomBytes(10)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** BRANCHED as a logbook of the client's, its head on the older answer. */
export async function branchedLogbook(client: ApiClient, fields: LogbookFields = {}): Promise<Logbook> {
  const logbook = await createLogbook(client, { entries: BRANCHED, ...fields });
  await client.logbooks.head(logbook.logid, { eid: BRANCHED_HEAD });
  return client.logbooks.get(logbook.logid);
}

/** What a publish needs besides the logbook. */
export type PublishChoices = Omit<ListingPublish, 'logid'>;

/** Publishes a logbook under CC-BY-4.0 unless the choices say otherwise. */
export function publish(client: ApiClient, logid: string, choices: Partial<PublishChoices> = {}) {
  return client.bazaar.publish({ logid, licence: 'CC-BY-4.0', ...choices });
}

/** A new logbook of the client's holding `entries` (a plain two-turn one by default), published. */
export async function published(
  client: ApiClient,
  choices: Partial<PublishChoices> & { title?: string; entries?: Entry[] } = {},
): Promise<{ logbook: Logbook; listing: Published }> {
  const { title, entries, ...rest } = choices;
  const logbook = await createLogbook(client, {
    ...(title ? { title } : {}),
    entries: entries ?? [
      entry('query', 'Is rye good for starters?', { qid: 'q1' }),
      entry('gen', 'Very.', { qid: 'q1' }),
    ],
  });
  return { logbook, listing: await publish(client, logbook.logid, rest) };
}

/** A raw request, for what the typed client would never send; the status and the JSON body. */
export async function raw(
  server: TestServer,
  method: string,
  path: string,
  options: { token?: string; body?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.http(path, { method, ...options });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The slugs the gallery answers for a query (as the given client sees it). */
export async function gallerySlugs(client: ApiClient, query: Parameters<ApiClient['bazaar']['gallery']>[0]) {
  return (await client.bazaar.gallery(query)).results.map((card) => card.slug);
}
