import { searchText } from '../../db/search-text.js';
import type { SearchTerm } from './search-terms.js';

/**
 * The ranking rule, as SQLite's searches apply it (PostgreSQL's ts_rank_cd follows the same rule
 * in its own terms: search-postgres.repository.ts): each term's occurrences count, with diminishing
 * returns (BM25's saturation, without its rarity weight: every candidate holds every term), a
 * longer entry counting each occurrence for less; and, for several terms, the closer together
 * they stand the better. Ties go to the newer entry. The first RANK_CHARS characters are read.
 */
export const RANK_CHARS = 2000;
const K1 = 1.2;
const B = 0.75;
/** Words in a typical entry, for the length normalisation. */
const AVERAGE_WORDS = 60;

/** Words as the index sees them: the index's own text rule, lower-cased, in order. */
export function indexWords(text: string): string[] {
  return searchText(text)
    .toLowerCase()
    .split(' ')
    .filter((word) => word !== '');
}

/** Does `term` start at word `i`? */
export function termAt(words: readonly string[], i: number, term: SearchTerm): boolean {
  const n = term.words.length;
  for (let k = 0; k < n; k++) {
    const word = words[i + k];
    const want = term.words[k] ?? '';
    if (word === undefined) return false;
    if (word !== want && !(k === n - 1 && term.prefix && word.startsWith(want))) return false;
  }
  return true;
}

/** The fewest words that hold an occurrence of every term, or Infinity. */
function narrowestSpan(positions: readonly number[][]): number {
  const events = positions.flatMap((list, term) => list.map((at) => [at, term] as const));
  events.sort((a, b) => a[0] - b[0]);
  const seen = new Map<number, number>();
  let best = Number.POSITIVE_INFINITY;
  let from = 0;
  for (const [at, term] of events) {
    seen.set(term, (seen.get(term) ?? 0) + 1);
    while (seen.size === positions.length) {
      const [start, first] = events[from] as readonly [number, number];
      best = Math.min(best, at - start + 1);
      const left = (seen.get(first) ?? 1) - 1;
      if (left === 0) seen.delete(first);
      else seen.set(first, left);
      from++;
    }
  }
  return best;
}

export function score(text: string, terms: readonly SearchTerm[]): number {
  const words = indexWords(text.slice(0, RANK_CHARS));
  const positions: number[][] = terms.map(() => []);
  for (let i = 0; i < words.length; i++) {
    terms.forEach((term, t) => {
      if (termAt(words, i, term)) positions[t]?.push(i);
    });
  }
  const norm = K1 * (1 - B + (B * words.length) / AVERAGE_WORDS);
  let total = 0;
  for (const list of positions) total += (list.length * (K1 + 1)) / (list.length + norm);
  if (terms.length > 1) {
    const span = narrowestSpan(positions);
    const needed = terms.reduce((sum, t) => sum + t.words.length, 0);
    if (Number.isFinite(span)) total += needed / Math.max(needed, span);
  }
  return total;
}
