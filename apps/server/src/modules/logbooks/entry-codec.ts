import type { Entry } from '@caravanserai/logbook';
import type { EntryRow } from '../../db/database.js';
import { documentAttrs } from './entry-placement.js';

/** How an entry's attributes are kept in its row: '' for none, else a JSON object of strings. */
export function encodeAttrs(attrs: Record<string, string>): string {
  return Object.keys(attrs).length === 0 ? '' : JSON.stringify(attrs);
}

export function decodeAttrs(text: string): Record<string, string> {
  return text === '' ? {} : (JSON.parse(text) as Record<string, string>);
}

/** The columns an entry is read from. */
export const ENTRY_COLUMNS = ['tag', 'attrs', 'content', 'eid', 'parent'] as const;

/** An entry as the document carries it. */
export function toEntry(row: Pick<EntryRow, (typeof ENTRY_COLUMNS)[number]>): Entry {
  return {
    tag: row.tag as Entry['tag'],
    attrs: documentAttrs(decodeAttrs(row.attrs), row.eid, row.parent),
    content: row.content,
  };
}
