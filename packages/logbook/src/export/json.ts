import { type Entry, validateEntry } from '../entry';
import { InvalidEntryError, InvalidLogError } from '../errors';
import { isTag } from '../tags';
import { activePath, headIndex, treeOf } from '../tree';
import { LOG_VERSION } from '../xml';
import type { LogbookMeta } from './meta';

export const JSON_FORMAT = 'caravanserai.logbook';

export function toJson(entries: readonly Entry[], meta: LogbookMeta = {}): string {
  const tree = treeOf(entries);
  const document = {
    format: JSON_FORMAT,
    version: LOG_VERSION,
    // Written in this order so exports read title-first; absent fields are left out.
    ...(meta.title === undefined ? {} : { title: meta.title }),
    ...(meta.description === undefined ? {} : { description: meta.description }),
    ...(meta.owner === undefined ? {} : { owner: meta.owner }),
    entries: entries.map((e) => {
      // Refused here too, so that every export can be imported again.
      const problem = validateEntry(e);
      if (problem !== null) throw new InvalidEntryError(problem);
      return { tag: e.tag, attrs: e.attrs, content: e.content };
    }),
    // The tree as a whole above (DESIGN 3a); the conversation's current line here, as the
    // document indices of its entries, and its last entry's eid.
    head: entries[headIndex(tree, meta.head)]?.attrs.eid ?? null,
    active_path: activePath(tree, meta.head),
    // What the entries' `files` attributes name, and where each file is read from.
    ...(meta.files === undefined ? {} : { files: meta.files }),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readAttrs(value: unknown, index: number): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new InvalidLogError(`entries[${index}].attrs is not an object.`);
  for (const [name, attr] of Object.entries(value)) {
    if (typeof attr !== 'string') {
      throw new InvalidLogError(`entries[${index}].attrs.${name} is not a string.`);
    }
  }
  // fromEntries defines own properties, so an attribute named `__proto__` stays data.
  return Object.fromEntries(Object.entries(value)) as Record<string, string>;
}

function readEntry(value: unknown, index: number): Entry {
  if (!isRecord(value)) throw new InvalidLogError(`entries[${index}] is not an object.`);
  const { tag, content } = value;
  if (typeof tag !== 'string' || !isTag(tag)) {
    throw new InvalidLogError(`entries[${index}].tag is not approved.`);
  }
  if (typeof content !== 'string') throw new InvalidLogError(`entries[${index}].content is not a string.`);
  const entry: Entry = { tag, attrs: readAttrs(value.attrs, index), content };
  const problem = validateEntry(entry);
  if (problem !== null) throw new InvalidLogError(problem);
  return entry;
}

/** Reads entries from a JSON export. Any later version is read as long as its entries fit. */
export function fromJson(text: string): Entry[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new InvalidLogError(error instanceof Error ? error.message : 'Not JSON.');
  }
  if (!isRecord(document) || document.format !== JSON_FORMAT) {
    throw new InvalidLogError('Not a Logbook export.');
  }
  const { version, entries } = document;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new InvalidLogError('Missing or bad version.');
  }
  if (!Array.isArray(entries)) throw new InvalidLogError('entries is not an array.');
  return entries.map(readEntry);
}
