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
  /** The eid of the active leaf (DESIGN 3a); null: the last entry. */
  head: string | null;
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

export function snapshotOf(
  log: string,
  version: number,
  updatedAt: number,
  head: string | null,
): LogSnapshot {
  let entries: Entry[] | null;
  try {
    entries = parseLog(log);
  } catch {
    entries = null;
  }
  return { entries, version, updatedAt, head };
}

function sameEntry(a: Entry | undefined, b: Entry): boolean {
  if (!a || a.tag !== b.tag) return false;
  // Entries with eids are the same entry when their eids are.
  if (a.attrs.eid !== undefined && b.attrs.eid !== undefined) return a.attrs.eid === b.attrs.eid;
  if (a.content !== b.content) return false;
  const keys = Object.keys(b.attrs);
  return keys.length === Object.keys(a.attrs).length && keys.every((key) => a.attrs[key] === b.attrs[key]);
}

/** Whether the active leaf is the document's last entry (where an append is drawn to follow). */
function onLastBranch({ entries, head }: LogSnapshot): boolean {
  return head === null || entries === null || entries.at(-1)?.attrs.eid === head;
}

/**
 * Applies one confirmed write. Every log write bumps the version by one, so a write whose version
 * is the snapshot's plus one follows it directly; an append lands at the end of the log, so its
 * index must be the entry count, and becomes the head. Anything else means another writer came
 * between. An append while another branch is chosen is read back: the server gave it a parent.
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
    if (write.entry.attrs.parent === undefined && !onLastBranch(snapshot)) return { kind: 'gap' };
    const next = { entries: [...entries, write.entry], version, updatedAt: at, head: null };
    return { kind: 'next', snapshot: next };
  }
  const current = entries[write.index];
  if (!current) return { kind: 'gap' };
  const next = entries.slice();
  next[write.index] = {
    tag: write.tag ?? current.tag,
    attrs: current.attrs,
    content: write.content ?? current.content,
  };
  return { kind: 'next', snapshot: { ...snapshot, entries: next, version, updatedAt: at } };
}

/**
 * The snapshot with another branch chosen: `head` at once, the version once the server has
 * said (null while it has not). A version that does not follow means others wrote meanwhile.
 */
export function withHead(
  snapshot: LogSnapshot,
  head: string,
  version: number | null,
  at: number,
): WriteOutcome {
  if (version === null) return { kind: 'next', snapshot: { ...snapshot, head, updatedAt: at } };
  if (version <= snapshot.version) return { kind: 'known' };
  if (version !== snapshot.version + 1) return { kind: 'gap' };
  return { kind: 'next', snapshot: { ...snapshot, head, version, updatedAt: at } };
}
