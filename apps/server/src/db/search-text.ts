import type BetterSqlite3 from 'better-sqlite3';

/**
 * The one rule for the text the search index sees, written twice (JavaScript for SQLite's
 * connection function and the query side, SQL for PostgreSQL) side by side so they stay alike:
 *
 * - only the first INDEXED_CHARS characters of an entry are indexed (PostgreSQL refuses a
 *   tsvector over 1 MB, and a search result never needs more);
 * - punctuation and symbols become spaces, so both databases' tokenizers see plain words and split
 *   `roll-back`, `C++`, `node.js`, URLs and addresses the same way;
 * - every CJK character (Han, kana, Hangul) becomes a word of its own: neither database splits a
 *   run of them into words, so `東京` is found inside `私は東京に住んでいます` as the phrase `東 京`.
 */
export const INDEXED_CHARS = 100_000;

/** Characters that separate words: ASCII punctuation, Latin-1 signs, general punctuation and symbols, CJK punctuation, emoji. */
const SEPARATOR_RANGES: readonly [number, number][] = [
  [0x01, 0x2f],
  [0x3a, 0x40],
  [0x5b, 0x60],
  [0x7b, 0xbf],
  [0xd7, 0xd7],
  [0xf7, 0xf7],
  [0x2000, 0x2bff],
  [0x3000, 0x303f],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff0f],
  [0xff1a, 0xff20],
  [0xff3b, 0xff40],
  [0xff5b, 0xff65],
  [0x1f000, 0x1faff],
];

/** CJK characters, each indexed as a word of its own. */
const CJK_RANGES: readonly [number, number][] = [
  [0x3040, 0x30ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7af],
  [0xf900, 0xfaff],
  [0xff66, 0xff9f],
  [0x20000, 0x2ffff],
];

const js = (c: number) => (c > 0xffff ? `\\u{${c.toString(16)}}` : `\\u${c.toString(16).padStart(4, '0')}`);
const pg = (c: number) =>
  c > 0xffff ? `\\U${c.toString(16).padStart(8, '0')}` : `\\u${c.toString(16).padStart(4, '0')}`;
const jsClass = (ranges: readonly [number, number][]) => ranges.map(([a, b]) => `${js(a)}-${js(b)}`).join('');
const pgClass = (ranges: readonly [number, number][]) => ranges.map(([a, b]) => `${pg(a)}-${pg(b)}`).join('');

export const SEPARATOR_CLASS = jsClass(SEPARATOR_RANGES);
export const CJK_CLASS = jsClass(CJK_RANGES);
const SEPARATORS = new RegExp(`[\\s${SEPARATOR_CLASS}]+`, 'gu');
const CJK = new RegExp(`[${CJK_CLASS}]`, 'gu');

/** The text the index holds for `content` (and the form query words are put in before searching). */
export function searchText(content: string): string {
  return firstCharacters(content, INDEXED_CHARS).replace(SEPARATORS, ' ').replace(CJK, ' $& ');
}

/** The first `n` characters (code points, as SQL's left() and substr() count them) of `text`. */
export function firstCharacters(text: string, n: number): string {
  if (text.length <= n) return text;
  let units = 0;
  for (let count = 0; count < n && units < text.length; count++) {
    const code = text.charCodeAt(units);
    units += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return text.slice(0, units);
}

/** Makes `search_text(content)` available to SQL on this connection (the index's triggers call it). */
export function registerSearchText(db: BetterSqlite3.Database): void {
  db.function('search_text', { deterministic: true }, (content: unknown) =>
    typeof content === 'string' ? searchText(content) : '',
  );
}

/** The same function in PostgreSQL, created by the search migration. */
export const POSTGRES_SEARCH_TEXT = `
create or replace function search_text(content text) returns text
language sql immutable parallel safe as $fn$
  select regexp_replace(
    regexp_replace(left(content, ${INDEXED_CHARS}), '[\\s${pgClass(SEPARATOR_RANGES)}]+', ' ', 'g'),
    '([${pgClass(CJK_RANGES)}])', ' \\1 ', 'g')
$fn$`;
