import type { EntriesPage, EntryFile } from '@caravanserai/api';
import { type Entry, isTag, type Tag } from '@caravanserai/logbook';

/** An entry of the active path as the page holds it. */
export interface PathEntry {
  /** Its document index, which every write addresses it by. */
  index: number;
  entry: Entry;
  /** The eid of the entry it follows; null for a first entry. */
  parent: string | null;
  /** The eids of the entries that follow the same parent, itself included, oldest first. */
  siblings: readonly string[];
  files: readonly EntryFile[];
  /**
   * The row key of the pending write it was drawn as on this page, kept so the row is updated in
   * place, not drawn anew, when the write is stored.
   */
  key?: string;
}

/**
 * What of the log a page draws (DESIGN 3a): the newest entries of the active path, read a page at
 * a time, and the logbook version they describe. Kept current by this page's own confirmed writes,
 * so an answer shows as stored without reading anything again.
 */
export interface LogSnapshot {
  /** The active path's newest entries, oldest first: all of it when `more` is false. */
  path: readonly PathEntry[];
  /** Older entries of the path come before the first one held. */
  more: boolean;
  /** How many entries of the path come before the first one held (the page's total less those held). */
  before: number;
  version: number;
  /** The eid of the active leaf; null when the logbook has no entries. */
  head: string | null;
  /** When it was read, or last changed by a write of this page (Date.now()). */
  updatedAt: number;
}

/** A write of this page as the server confirmed it. */
export type ConfirmedWrite =
  /** An entry stored at `index`; `version` unknown for a query the answer stream announced. */
  | {
      kind: 'append';
      entry: Entry;
      index: number;
      version?: number;
      files?: readonly EntryFile[];
      /** The key of the pending row it was drawn as. */
      key?: string;
      /** The entry the server made it follow (null: none), when it said. */
      follows?: string | null;
      /**
       * An entry stored in the same write just before it, which it follows (an answer's thinking,
       * DESIGN 12): one version for both.
       */
      lead?: { entry: Entry; index: number };
    }
  /** Entry `index` re-tagged, edited or blanked; a continued answer also gets its new attributes. */
  | {
      kind: 'change';
      index: number;
      tag?: Tag;
      content?: string;
      attrs?: Record<string, string>;
      version: number;
    };

/**
 * What a confirmed write does to the snapshot: `next` is the snapshot with it applied; `known`,
 * the snapshot already holds it (a read got there first); `gap`, something this page has not
 * seen was written meanwhile, or the write reaches outside what it holds, so it must read again.
 */
export type WriteOutcome = { kind: 'next'; snapshot: LogSnapshot } | { kind: 'known' } | { kind: 'gap' };

function pathEntryOf(entry: EntriesPage['entries'][number]): PathEntry {
  const { index, tag, attrs, content, parent, siblings, files } = entry;
  // The server only stores approved tags; anything else would be a foreign server's, drawn as context.
  return { index, entry: { tag: isTag(tag) ? tag : 'context', attrs, content }, parent, siblings, files };
}

/** A page read from the server: the newest entries of the path it ends at. */
export function snapshotOf(page: EntriesPage, updatedAt: number): LogSnapshot {
  return {
    path: page.entries.map(pathEntryOf),
    more: page.more,
    before: Math.max(0, page.total - page.entries.length),
    version: page.version,
    head: page.head,
    updatedAt,
  };
}

/** The snapshot as the page of entries it stands for: what a page opened again starts from. */
export function pageOf(snapshot: LogSnapshot): EntriesPage {
  return {
    version: snapshot.version,
    head: snapshot.head,
    total: snapshot.before + snapshot.path.length,
    more: snapshot.more,
    entries: snapshot.path.map(({ index, entry, parent, siblings, files }) => ({
      index,
      eid: entry.attrs.eid ?? '',
      parent,
      tag: entry.tag,
      attrs: entry.attrs,
      content: entry.content,
      siblings: [...siblings],
      files: [...files],
    })),
  };
}

/**
 * The snapshot with an older page of its path put before it. A page of another version, or one
 * that does not end where the path held begins, changes nothing: the log is read again instead.
 */
export function withOlder(snapshot: LogSnapshot, page: EntriesPage): WriteOutcome {
  const first = snapshot.path[0];
  const last = page.entries.at(-1);
  if (page.version !== snapshot.version || !first || !last || first.parent !== last.eid)
    return { kind: 'gap' };
  return {
    kind: 'next',
    snapshot: {
      ...snapshot,
      path: [...page.entries.map(pathEntryOf), ...snapshot.path],
      more: page.more,
      before: page.more ? Math.max(0, snapshot.before - page.entries.length) : 0,
    },
  };
}

function eidOf(entry: PathEntry | undefined): string | null {
  return entry?.entry.attrs.eid ?? null;
}

/**
 * The path with an appended entry at its end. An append follows the active leaf unless it names
 * the entry it follows (an edited question, a new answer beside an old one): then the path is
 * cut after that entry, and the new entry joins the siblings of the one it replaces there.
 */
function appended(snapshot: LogSnapshot, write: ConfirmedWrite & { kind: 'append' }): PathEntry[] | null {
  const { path } = snapshot;
  const eid = write.entry.attrs.eid;
  if (eid === undefined) return null;
  const named = write.entry.attrs.parent;
  const leaf = eidOf(path.at(-1));
  const files = write.files ?? [];
  const kept = write.key === undefined ? {} : { key: write.key };
  // The server follows its own head: one that is not the entry drawn last (another tab chose a
  // branch meanwhile) puts the entry elsewhere, and the page must read what it did.
  const drawnUnder = named === undefined ? leaf : named === '' ? null : named;
  if (write.follows !== undefined && write.follows !== drawnUnder) return null;
  if (named === undefined || named === leaf) {
    // Only a path held from its first entry can take a first entry.
    if (leaf === null && snapshot.more) return null;
    const entry = { index: write.index, entry: write.entry, parent: leaf, siblings: [eid], files, ...kept };
    return [...path, entry];
  }
  // '' names no entry: a new first entry, beside the path's first.
  const at = named === '' ? (snapshot.more ? -2 : -1) : path.findIndex((held) => eidOf(held) === named);
  if (at === -2 || (at === -1 && named !== '')) return null;
  const replaced = path[at + 1];
  // A deleted entry is not offered (as the server leaves it out of siblings).
  const gone = replaced?.entry.content === '' ? replaced.entry.attrs.eid : undefined;
  const siblings = [...(replaced?.siblings ?? []).filter((sibling) => sibling !== gone), eid];
  const parent = named === '' ? null : named;
  return [
    ...path.slice(0, at + 1),
    { index: write.index, entry: write.entry, parent, siblings, files, ...kept },
  ];
}

/** The path with an append and the entry written just before it (its lead), in that order. */
function appendedWithLead(
  snapshot: LogSnapshot,
  write: ConfirmedWrite & { kind: 'append' },
): PathEntry[] | null {
  const { lead, follows, ...last } = write;
  if (lead === undefined) return appended(snapshot, write);
  // What the server said it followed is what the lead follows; the entry follows the lead.
  const first = appended(snapshot, { kind: 'append', ...lead, ...(follows !== undefined && { follows }) });
  return first === null ? null : appended({ ...snapshot, path: first }, last);
}

/**
 * Applies one confirmed write. Every log write bumps the version by one, so a write whose version
 * is the snapshot's plus one follows it directly; anything else means another writer came between.
 * An append becomes the head.
 */
export function applyWrite(snapshot: LogSnapshot, write: ConfirmedWrite, at: number): WriteOutcome {
  const { path } = snapshot;
  if (write.version !== undefined && write.version <= snapshot.version) return { kind: 'known' };
  if (
    write.kind === 'append' &&
    write.version === undefined &&
    path.some((held) => held.index === write.index)
  ) {
    return { kind: 'known' };
  }
  const version = write.version ?? snapshot.version + 1;
  if (version !== snapshot.version + 1) return { kind: 'gap' };

  if (write.kind === 'append') {
    const next = appendedWithLead(snapshot, write);
    if (next === null) return { kind: 'gap' };
    const head = write.entry.attrs.eid ?? null;
    return { kind: 'next', snapshot: { ...snapshot, path: next, version, updatedAt: at, head } };
  }
  const position = path.findIndex((held) => held.index === write.index);
  const current = path[position];
  if (!current) return { kind: 'gap' };
  const next = path.slice();
  next[position] = {
    ...current,
    entry: {
      tag: write.tag ?? current.entry.tag,
      attrs: write.attrs ?? current.entry.attrs,
      content: write.content ?? current.entry.content,
    },
  };
  return { kind: 'next', snapshot: { ...snapshot, path: next, version, updatedAt: at } };
}

/**
 * A page read to show another branch, or the newest state: it replaces the snapshot unless it is
 * older than what the snapshot holds.
 */
export function withPage(snapshot: LogSnapshot, page: EntriesPage, at: number): WriteOutcome {
  if (page.version < snapshot.version) return { kind: 'known' };
  return { kind: 'next', snapshot: snapshotOf(page, at) };
}

/**
 * The snapshot once the server has kept a choice of branch it already shows (the head moved, the
 * log did not): the version moves on; one that does not follow means others wrote meanwhile.
 */
export function withHeadKept(snapshot: LogSnapshot, version: number, at: number): WriteOutcome {
  if (version <= snapshot.version) return { kind: 'known' };
  if (version !== snapshot.version + 1) return { kind: 'gap' };
  return { kind: 'next', snapshot: { ...snapshot, version, updatedAt: at } };
}
