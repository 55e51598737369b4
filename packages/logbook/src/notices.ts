import type { Entry } from './entry';

/**
 * The attribute that marks an entry as the app's own notice ('Memory Turned On', 'Chat Memory
 * On', ...): written to the log as a gen entry, as the spec has it, but never the AI's words.
 */
export const NOTICE_ATTR = 'notice';

export function isNotice(entry: Pick<Entry, 'attrs'>): boolean {
  return entry.attrs[NOTICE_ATTR] === 'true';
}

/** A notice entry: a gen carrying the marker. */
export function notice(content: string): Entry {
  return { tag: 'gen', attrs: { [NOTICE_ATTR]: 'true' }, content };
}
