import type { ApiClient, SearchQuery, SearchResults } from '@caravanserai/api';
import type { Entry } from '@caravanserai/logbook';
import { createLogbook, entry, type LogbookFields } from '@caravanserai/test-kit';

let sequence = 0;

/** A word no other test uses (letters only, so every tokenizer keeps it whole). */
export function uniqueWord(): string {
  sequence += 1;
  const letters = [...sequence.toString(26)].map((d) => String.fromCharCode(97 + Number.parseInt(d, 26)));
  return `zq${letters.join('')}${process.pid.toString(36).replace(/\d/g, 'x')}`;
}

/** A logbook of `client` holding one entry per text, tagged gen unless given as [tag, text]. */
export function logbookWith(
  client: ApiClient,
  texts: readonly (string | Entry)[],
  fields: LogbookFields = {},
) {
  const entries = texts.map((t) => (typeof t === 'string' ? entry('gen', t) : t));
  return createLogbook(client, { ...fields, entries });
}

export function search(
  client: ApiClient,
  q: string,
  rest: Omit<SearchQuery, 'q'> = {},
): Promise<SearchResults> {
  return client.search.find({ q, ...rest });
}

/** Where each result points: `logid:index`. */
export const places = (found: SearchResults) => found.results.map((r) => `${r.logid}:${r.index}`);
