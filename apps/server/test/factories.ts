import type { ApiClient, Logbook, LogbookCreate } from '@caravanserai/api';
import { type Entry, parseLog, serializeLog, type Tag } from '@caravanserai/logbook';

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
