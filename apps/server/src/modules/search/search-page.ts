import type { SearchTerm } from './search-terms.js';

/**
 * How many matches a search ranks: the newest CANDIDATES of the user's matching entries (newest by
 * when the entry was written), so a word found in most of a million entries costs no more than one
 * found in a thousand. Fewer matches than that are all ranked; `count` stops there too.
 */
export const CANDIDATES = 1000;

export interface SearchFilter {
  ownerId: number;
  terms: readonly SearchTerm[];
  tag?: string | undefined;
  jid?: string | undefined;
  wellid?: string | undefined;
}

/** A match and its relevance (higher is better; see search-rank.ts for the rule). */
export interface Candidate {
  docid: number;
  score: number;
}

/** One found entry with what a result shows; `content` is the indexed part of its text. */
export interface SearchHit {
  logid: string;
  position: number;
  title: string;
  jid: string | null;
  tag: string;
  content: string;
  created_at: number;
}

/** Puts the rows fetched for a page back in the page's order. */
export function inOrder<T extends { docid: number | string }>(docids: readonly number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [Number(row.docid), row]));
  return docids.flatMap((docid) => byId.get(docid) ?? []);
}
