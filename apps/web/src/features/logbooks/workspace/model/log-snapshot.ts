import { type Entry, parseLog, type Tag } from '@caravanserai/logbook';

/**
 * The parsed log a page draws: the entries at their stored positions and the logbook version they
 * describe. Parsed once per fetched log, then kept current by this page's own confirmed writes, so
 * an answer shows as stored without reading the whole log again.
 */
export interface LogSnapshot {
  /** Null when the stored log is not valid XML. */
  entries: readonly Entry[] | null;
  version: number;
  /** When it was fetched, or last changed by a write of this page (Date.now()). */
  updatedAt: number;
}

/** A write of this page as the server confirmed it. */
export type ConfirmedWrite =
  /** An entry stored at `index`; `version` unknown for a query the answer stream announced. */
  | { kind: 'append'; entry: Entry; index: number; version?: number }
  /** Entry `index` re-tagged, edited or blanked. */
  | { kind: 'change'; index: number; tag?: Tag; content?: string; version: number };

/**
 * What a confirmed write does to the snapshot: `next` is the snapshot with it applied; `known`,
 * the snapshot already holds it (a fetch got there first); `gap`, something this page has not
 * seen was written meanwhile, so the log must be read again.
 */
export type WriteOutcome = { kind: 'next'; snapshot: LogSnapshot } | { kind: 'known' } | { kind: 'gap' };

export function snapshotOf(log: string, version: number, updatedAt: number): LogSnapshot {
  let entries: Entry[] | null;
  try {
    entries = parseLog(log);
  } catch {
    entries = null;
  }
  return { entries, version, updatedAt };
}

function sameEntry(a: Entry | undefined, b: Entry): boolean {
  if (!a || a.tag !== b.tag || a.content !== b.content) return false;
  const keys = Object.keys(b.attrs);
  return keys.length === Object.keys(a.attrs).length && keys.every((key) => a.attrs[key] === b.attrs[key]);
}

/**
 * Applies one confirmed write. Every log write bumps the version by one, so a write whose version
 * is the snapshot's plus one follows it directly; an append lands at the end of the log, so its
 * index must be the entry count. Anything else means another writer came between.
 */
export function applyWrite(snapshot: LogSnapshot, write: ConfirmedWrite, at: number): WriteOutcome {
  const { entries } = snapshot;
  if (entries === null) return { kind: 'gap' };
  if (write.version !== undefined && write.version <= snapshot.version) return { kind: 'known' };
  if (
    write.kind === 'append' &&
    write.version === undefined &&
    sameEntry(entries[write.index], write.entry)
  ) {
    return { kind: 'known' };
  }
  const version = write.version ?? snapshot.version + 1;
  if (version !== snapshot.version + 1) return { kind: 'gap' };

  if (write.kind === 'append') {
    if (write.index !== entries.length) return { kind: 'gap' };
    return { kind: 'next', snapshot: { entries: [...entries, write.entry], version, updatedAt: at } };
  }
  const current = entries[write.index];
  if (!current) return { kind: 'gap' };
  const next = entries.slice();
  next[write.index] = {
    tag: write.tag ?? current.tag,
    attrs: current.attrs,
    content: write.content ?? current.content,
  };
  return { kind: 'next', snapshot: { entries: next, version, updatedAt: at } };
}
