import type { Entry } from '@caravanserai/logbook';
import type { EntryRow } from '../../db/database.js';

/** How an entry's attributes are kept in its row: '' for none, else a JSON object of strings. */
export function encodeAttrs(attrs: Record<string, string>): string {
  return Object.keys(attrs).length === 0 ? '' : JSON.stringify(attrs);
}

export function decodeAttrs(text: string): Record<string, string> {
  return text === '' ? {} : (JSON.parse(text) as Record<string, string>);
}

export function toEntry(row: Pick<EntryRow, 'tag' | 'attrs' | 'content'>): Entry {
  return { tag: row.tag as Entry['tag'], attrs: decodeAttrs(row.attrs), content: row.content };
}
