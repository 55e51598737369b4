import type { Entry } from '@caravanserai/logbook';

/** What a logbook made by an earlier import already holds, as far as a re-import can tell. */
export interface StoredTurns {
  count: number;
  /** The `source_msg` attributes of its entries. */
  messages: ReadonlySet<string>;
}

/**
 * The entries of a conversation that its logbook does not hold yet. With message ids, everything
 * after the last message already stored (less any stored one met again); without, everything
 * after as many entries as the logbook holds.
 */
export function newTurns(source: readonly Entry[], stored: StoredTurns): Entry[] {
  const hasIds = source.some((entry) => entry.attrs.source_msg !== undefined);
  if (!hasIds || stored.messages.size === 0) return source.slice(stored.count);
  let last = -1;
  source.forEach((entry, index) => {
    const id = entry.attrs.source_msg;
    if (id !== undefined && stored.messages.has(id)) last = index;
  });
  return source.slice(last + 1).filter((entry) => {
    const id = entry.attrs.source_msg;
    return id === undefined || !stored.messages.has(id);
  });
}
