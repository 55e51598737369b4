import { EID, type Entry, newEid, ROOT_PARENT } from '@caravanserai/logbook';
import { fieldError } from '../../errors.js';

/** Where a stored entry sits in its logbook's tree (DESIGN 3a). */
export interface Anchor {
  position: number;
  eid: string;
  depth: number;
}

/** An entry as its row keeps it: its attributes with its eid (and parent, if any), which columns repeat. */
export interface PlacedEntry {
  entry: Entry;
  position: number;
  eid: string;
  /** The `parent` attribute; null when the entry carries none. */
  parent: string | null;
  /** The eid of the entry it follows in the tree (whether or not it says so); null for a root. */
  parentEid: string | null;
  parentPosition: number | null;
  depth: number;
}

export interface Placement {
  /** The document index of the first entry. */
  firstPosition: number;
  /** The entry the first one follows when it names no parent; undefined: it is a root. */
  follows?: Anchor | undefined;
  /** Stored entries by eid: those the batch names (as parent or as its own eid; see namedEids). */
  stored?: ReadonlyMap<string, Anchor> | undefined;
  /** The field a refusal names. */
  field?: string;
}

/**
 * Gives each entry its eid (a new one unless it carries one) and finds the entry it follows: the
 * one its `parent` names, else the one before it, or for the first `follows`. When `follows` is
 * not the entry just before in the document (an append to a branch other than the last written),
 * the entry carries it as `parent`, so the document alone says the same.
 */
export function placeEntries(entries: readonly Entry[], placement: Placement): PlacedEntry[] {
  const { firstPosition, follows, stored, field = 'attrs' } = placement;
  const inBatch = new Map<string, Anchor>();
  const placed: PlacedEntry[] = [];
  let previous = follows;
  for (let i = 0; i < entries.length; i++) {
    const position = firstPosition + i;
    const { eid: given, parent: named } = entries[i]!.attrs;
    const refuse = (problem: string) =>
      fieldError(field, entries.length > 1 ? `Entry ${i}: ${problem}` : problem);
    if (given !== undefined) {
      if (!EID.test(given)) throw refuse(`eid "${given}" is not 8 characters from a-z and 0-9.`);
      if (inBatch.has(given) || stored?.has(given)) throw refuse(`eid "${given}" is already taken.`);
    }
    const eid = given ?? unusedEid(inBatch);
    const attrs = { ...entries[i]!.attrs };
    attrs.eid = eid;
    let parent: Anchor | undefined;
    if (named === undefined) {
      parent = previous;
      if (parent && parent.position !== position - 1) attrs.parent = parent.eid;
    } else if (named !== ROOT_PARENT) {
      parent = inBatch.get(named) ?? stored?.get(named);
      if (!parent) throw refuse(`parent "${named}" names no entry before it.`);
    }
    const depth = parent ? parent.depth + 1 : 0;
    const anchor = { position, eid, depth };
    inBatch.set(eid, anchor);
    placed.push({
      entry: { ...entries[i]!, attrs },
      position,
      eid,
      parent: attrs.parent ?? null,
      parentEid: parent?.eid ?? null,
      parentPosition: parent?.position ?? null,
      depth,
    });
    previous = anchor;
  }
  return placed;
}

/**
 * A new eid not given in this batch. One equal to a stored entry's is left to chance: one in 36^8
 * per entry, and the unique index would refuse it rather than store it twice.
 */
function unusedEid(inBatch: ReadonlyMap<string, Anchor>): string {
  for (;;) {
    const eid = newEid();
    if (!inBatch.has(eid)) return eid;
  }
}

/** The eids a batch names (its own and its parents'), to look up among the stored entries. */
export function namedEids(entries: readonly Entry[]): string[] {
  const named = new Set<string>();
  for (const { attrs } of entries) {
    if (attrs.eid !== undefined) named.add(attrs.eid);
    if (attrs.parent !== undefined && attrs.parent !== ROOT_PARENT) named.add(attrs.parent);
  }
  return [...named];
}

/**
 * A row's attributes as the document carries them. The columns are the truth: an entry stored
 * before trees existed has its eid only there, and any eid or parent attribute it carried then
 * (attributes were free) gives way to them.
 */
export function documentAttrs(
  attrs: Record<string, string>,
  eid: string,
  parent: string | null,
): Record<string, string> {
  if (attrs.eid !== eid) attrs.eid = eid;
  if (parent === null) delete attrs.parent;
  else if (attrs.parent !== parent) attrs.parent = parent;
  return attrs;
}
