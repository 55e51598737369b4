import { searchText } from '../../db/search-text.js';

/**
 * What a search asks for, read from the user's words. Nothing the user typed reaches FTS5's MATCH
 * or PostgreSQL's tsquery syntax: each term is reduced to plain words (db/search-text.ts) and the
 * repositories quote those words themselves.
 *
 * - Words are ANDed. A "quoted phrase" (an unclosed quote runs to the end) matches its words in
 *   order, side by side; so does a word that punctuation or CJK splits into several (`roll-back`,
 *   `node.js`, `東京`).
 * - A word (or phrase) ending in `*` matches as a prefix of its last word, once that word has at
 *   least MIN_PREFIX characters: a shorter prefix would match most of the index, so it is searched
 *   as a whole word.
 * - Operators and column names of either database (`AND`, `NEAR(`, `content:`) are plain words.
 */
export interface SearchTerm {
  /** Lower-case words, in order; more than one is a phrase. */
  words: string[];
  /** The last word is a prefix. */
  prefix: boolean;
}

export const MIN_PREFIX = 3;
/** A search uses at most this many terms; more add nothing but work. */
export const MAX_TERMS = 32;

function term(text: string, prefix: boolean): SearchTerm | null {
  const words = searchText(text).toLowerCase().split(' ').filter(Boolean);
  const last = words.at(-1);
  if (!last) return null;
  return { words, prefix: prefix && [...last].length >= MIN_PREFIX };
}

/** The terms of a search, in the order typed, without repeats; none for text with no words. */
export function parseSearch(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  const add = (t: SearchTerm | null) => {
    if (!t || terms.length >= MAX_TERMS) return;
    const key = `${t.words.join(' ')}${t.prefix ? '*' : ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    terms.push(t);
  };
  // A quoted phrase, closed or running to the end, with an optional star; or a run of non-space.
  const pieces = /"([^"]*)("?)(\*?)|([^\s"]+)/gu;
  for (const m of q.matchAll(pieces)) {
    if (m[4] !== undefined) add(term(m[4].replace(/\*+$/u, ''), m[4].endsWith('*')));
    else add(term(m[1] ?? '', m[2] === '"' && m[3] === '*'));
  }
  return terms;
}
