import { SNIPPET_CLOSE, SNIPPET_OPEN } from '@caravanserai/api';
import { CJK_CLASS, SEPARATOR_CLASS } from '../../db/search-text.js';
import { termAt } from './search-rank.js';
import type { SearchTerm } from './search-terms.js';

/** Words shown in a snippet, and how many of them come before the first hit. */
export const SNIPPET_WORDS = 30;
const LEAD_WORDS = 8;
/** A longer word (a key, a hash, base64), or run of punctuation, is shortened in a snippet. */
const MAX_WORD_CHARS = 40;

/** Words as the index sees them (db/search-text.ts): a CJK character alone, or a run between separators. */
const WORD = new RegExp(`[${CJK_CLASS}]|[^\\s${SEPARATOR_CLASS}${CJK_CLASS}]+`, 'gu');

interface Word {
  start: number;
  end: number;
  text: string;
}

function words(content: string): Word[] {
  return [...content.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    text: m[0].toLowerCase(),
  }));
}

/** Text shown as is, except markers that would pass for ours, and runs of spaces or line breaks. */
function plain(text: string): string {
  return text.replaceAll(SNIPPET_OPEN, '[ [').replaceAll(SNIPPET_CLOSE, '] ]').replace(/\s+/gu, ' ');
}

function shorten(text: string): string {
  return text.length > MAX_WORD_CHARS ? `${text.slice(0, MAX_WORD_CHARS)}…` : text;
}

/**
 * A few dozen words of `content` around its hits, each hit wrapped in SNIPPET_OPEN and
 * SNIPPET_CLOSE: the window of SNIPPET_WORDS words holding the most hits, starting a little
 * before the first of them. Without a hit (the match lies past the indexed part), the opening words.
 */
export function snippet(content: string, terms: readonly SearchTerm[]): string {
  const list = words(content);
  const texts = list.map((word) => word.text);
  const hits = new Map<number, number>();
  for (let i = 0; i < list.length; i++) {
    const term = terms.find((t) => termAt(texts, i, t));
    if (term) hits.set(i, term.words.length);
  }
  const starts = [...hits.keys()];
  let best = starts[0] ?? 0;
  let bestCount = 0;
  for (let a = 0, b = 0; a < starts.length; a++) {
    while (b < starts.length && (starts[b] ?? 0) < (starts[a] ?? 0) + SNIPPET_WORDS - LEAD_WORDS) b++;
    if (b - a > bestCount) [best, bestCount] = [starts[a] ?? 0, b - a];
  }
  const first = Math.max(0, best - LEAD_WORDS);
  const last = Math.min(list.length, first + SNIPPET_WORDS);
  let out = first > 0 ? '… ' : '';
  let at = list[first]?.start ?? 0;
  for (let i = first; i < last; ) {
    const word = list[i] as Word;
    const n = hits.get(i) ?? 0;
    const span = n > 0 ? Math.min(n, last - i) : 1;
    const end = (list[i + span - 1] as Word).end;
    out += plain(shorten(content.slice(at, word.start)));
    const shown = shorten(content.slice(word.start, end));
    out += n > 0 ? `${SNIPPET_OPEN}${plain(shown)}${SNIPPET_CLOSE}` : plain(shown);
    at = end;
    i += span;
  }
  if (last < list.length) out += ' …';
  else out += plain(shorten(content.slice(at)));
  return out.trim();
}
