import { randomBytes } from './random';
import { isTag, type Tag } from './tags';

export interface Entry {
  tag: Tag;
  attrs: Record<string, string>;
  content: string;
}

const QID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const QID_LENGTH = 8;
// The largest multiple of 36 that fits in a byte; bytes at or above it are dropped so that
// `byte % 36` gives every character the same chance.
const UNBIASED_BYTE_LIMIT = 252;

export function newQid(): string {
  let qid = '';
  while (qid.length < QID_LENGTH) {
    for (const byte of randomBytes(QID_LENGTH * 2)) {
      if (byte < UNBIASED_BYTE_LIMIT && qid.length < QID_LENGTH) qid += QID_ALPHABET.charAt(byte % 36);
    }
  }
  return qid;
}

// XML 1.0 `Char` production, negated. With the `u` flag a lone surrogate is its own code point,
// so it falls outside every range here and is reported.
export const INVALID_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Index (in UTF-16 units) of the first character XML 1.0 cannot hold, or -1. */
export function findInvalidXmlChar(text: string): number {
  return text.search(INVALID_XML_CHAR);
}

/** Names a plain XML parser reads back unchanged: no namespaces, no non-ASCII. */
export const ATTR_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function describeInvalidChar(text: string, index: number): string {
  const code = text.codePointAt(index) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')} at index ${index}`;
}

/** Null if the entry can be written as XML and read back unchanged, else a message saying why not. */
export function validateEntry(e: Entry): string | null {
  if (!isTag(e.tag)) return `Unknown tag "${e.tag}".`;
  for (const [name, value] of Object.entries(e.attrs)) {
    if (!ATTR_NAME.test(name)) return `Invalid attribute name "${name}" on <${e.tag}>.`;
    if (typeof value !== 'string') return `Attribute "${name}" on <${e.tag}> is not a string.`;
    const bad = findInvalidXmlChar(value);
    if (bad !== -1) {
      return `Invalid character ${describeInvalidChar(value, bad)} in attribute "${name}" of <${e.tag}>.`;
    }
  }
  if (typeof e.content !== 'string') return `Content of <${e.tag}> is not a string.`;
  const bad = findInvalidXmlChar(e.content);
  if (bad !== -1) return `Invalid character ${describeInvalidChar(e.content, bad)} in <${e.tag}> content.`;
  return null;
}

/** The most files one entry names: what one question may carry. */
export const MAX_ENTRY_FILES = 10;
const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The file ids an entry's `files` attribute names (DESIGN 3a: `files="id1 id2"`), each once, at
 * most MAX_ENTRY_FILES; anything in it that cannot be an id names nothing.
 */
export function filesOf(entry: Entry): string[] {
  const ids = new Set<string>();
  for (const token of (entry.attrs.files ?? '').split(' ')) {
    if (!FILE_ID.test(token)) continue;
    ids.add(token);
    if (ids.size === MAX_ENTRY_FILES) break;
  }
  return [...ids];
}
