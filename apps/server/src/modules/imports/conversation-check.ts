import { type ImportFormat, LogbookCreate, RequiredTitle, textProblem } from '@caravanserai/api';
import { type Entry, treeProblem, validateEntry } from '@caravanserai/logbook';
import { MAX_BODY_BYTES } from '../../config.js';

/** The most text one imported entry may hold: what one log write may carry. */
export const MAX_ENTRY_CHARS = MAX_BODY_BYTES;

/**
 * The most text (UTF-16 units of contents and attributes) one imported conversation may hold.
 * A logbook grows through many writes and has no total bound of its own, so this is generous: a
 * backup restores every logbook up to it, written a log write's worth at a time. Format readers
 * that bound what they read of one conversation use this same number.
 */
export const MAX_CONVERSATION_CHARS = 64 * 1024 * 1024;

const MB = 1024 * 1024;

/** The text an entry holds: its content and its attributes' values. */
export function entryChars(entry: Entry): number {
  let size = entry.content.length;
  for (const value of Object.values(entry.attrs)) size += value.length;
  return size;
}

/**
 * Why these entries cannot become a logbook, or null when they can: the same rules as a log
 * written through the API (approved tags, attribute names, no control characters or NULs, which
 * PostgreSQL cannot store either), the same bound on one entry, and the bound on a whole
 * conversation.
 */
export function entriesProblem(entries: readonly Entry[]): string | null {
  if (!Array.isArray(entries)) return 'It holds no entries.';
  let size = 0;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as Entry;
    const invalid = validateEntry(entry);
    if (invalid) return `Entry ${index}: ${invalid}`;
    for (const text of [entry.content, ...Object.values(entry.attrs)]) {
      const problem = textProblem(text, 'text');
      if (problem) return `Entry ${index}: ${problem}`;
    }
    const chars = entryChars(entry);
    if (chars > MAX_ENTRY_CHARS)
      return `Entry ${index}: It holds more than ${MAX_ENTRY_CHARS / MB} MB of text, more than one log write may carry.`;
    size += chars;
    if (size > MAX_CONVERSATION_CHARS)
      return `It holds more than ${MAX_CONVERSATION_CHARS / MB} MB of text, more than one imported conversation may hold.`;
  }
  // Its entries' eids and parents must make a tree (DESIGN 3a), as a log written through the API must.
  return treeProblem(entries);
}

/**
 * The entries cut into runs of at most one log write's worth of text each (a longer entry, which
 * `entriesProblem` refuses, would make a run of its own): a large conversation is written a run at
 * a time, so no single transaction holds the database for long.
 */
export function writeRuns(entries: readonly Entry[], maxChars = MAX_ENTRY_CHARS): Entry[][] {
  const runs: Entry[][] = [];
  let run: Entry[] = [];
  let size = 0;
  for (const entry of entries) {
    const chars = entryChars(entry);
    if (run.length > 0 && size + chars > maxChars) {
      runs.push(run);
      run = [];
      size = 0;
    }
    run.push(entry);
    size += chars;
  }
  if (run.length > 0 || runs.length === 0) runs.push(run);
  return runs;
}

/** Our own formats: a logbook's download and the backup, whose titles and descriptions are kept. */
const OWN_FORMATS: ReadonlySet<ImportFormat> = new Set([
  'caravanserai-xml',
  'caravanserai-json',
  'caravanserai-backup',
]);

export const isOwnFormat = (format: ImportFormat): boolean => OWN_FORMATS.has(format);

/**
 * The title a logbook gets: from our own formats, exactly as it was when the API would accept it
 * (what the API stored comes back unchanged); otherwise, or when it would not, `cleanTitle`'s.
 */
export function importedTitle(title: unknown, fallback: string, own: boolean): string {
  if (own) {
    const kept = RequiredTitle.safeParse(title);
    if (kept.success) return kept.data;
  }
  return cleanTitle(title, fallback);
}

/** The description, the same way: kept exactly from our own formats when the API accepts it. */
export function importedDescription(description: unknown, own: boolean): string {
  if (own && typeof description === 'string') {
    const kept = LogbookCreate.shape.description.safeParse(description);
    if (kept.success && kept.data !== undefined) return kept.data;
  }
  return cleanDescription(description);
}

/** The longest `source_id` kept (the column's size). */
export const MAX_SOURCE_ID = 300;

/** Why a conversation's `source_id` cannot be kept, or null. */
export function sourceIdProblem(sourceId: unknown): string | null {
  if (typeof sourceId !== 'string' || sourceId.length === 0) return 'It has no id.';
  if (sourceId.length > MAX_SOURCE_ID) return `Its id is longer than ${MAX_SOURCE_ID} characters.`;
  if (textProblem(sourceId, 'line')) return 'Its id holds control characters.';
  return null;
}

// The characters text.ts refuses in a one-line field and in multi-line text.
const NOT_IN_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
  /[\u0000-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NOT_IN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/** A title from outside as a title field accepts it: one line, no controls, at most `max` long. */
export function cleanTitle(title: unknown, fallback: string, max = 200): string {
  const text = typeof title === 'string' ? title : '';
  const line = cut(text.replace(NOT_IN_LINE, ' ').replace(/\s+/g, ' ').trim(), max).trim();
  return line || fallback;
}

/** Text from outside shown as one line (ids, reasons): no controls, at most `max` long. */
export function cleanLine(text: unknown, max = 1000): string {
  return typeof text === 'string' ? cut(text.replace(NOT_IN_LINE, ' '), max) : '';
}

/** A description from outside as the description field accepts it. */
export function cleanDescription(description: unknown, max = 10_000): string {
  return typeof description === 'string' ? cut(description.replace(NOT_IN_TEXT, ''), max) : '';
}
