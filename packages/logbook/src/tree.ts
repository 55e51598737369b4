import { type Entry, newQid } from './entry';

/**
 * A logbook is a tree (DESIGN 3a): an entry may name the entry it follows in `parent` (an `eid`,
 * or '' for none: a root); one without `parent` follows the entry before it in document order, so
 * a log written before trees existed is a one-branch tree. `head` names the active leaf; the active path (the spec's
 * running log) is `head` and its ancestors.
 */

/** Entry ids: 8 characters a-z or 0-9, unique in their logbook. */
export const EID = /^[a-z0-9]{8}$/;

/**
 * A new entry id: the alphabet and length of a qid, beginning with a letter (entries stored before
 * trees existed were given the digits of their position, which a new eid therefore never equals).
 */
export function newEid(): string {
  for (;;) {
    const eid = newQid();
    if (eid.charCodeAt(0) >= 97) return eid;
  }
}

/** The `parent` of an entry that follows none: a root written after other entries (an edited first question). */
export const ROOT_PARENT = '';

export interface LogTree {
  /** The document index of each entry's parent; -1 for a root. */
  readonly parents: Int32Array;
  /** The document index of each eid. */
  readonly byEid: ReadonlyMap<string, number>;
}

/** Why `entries` are not a tree this server can keep, or null when they are. */
export function treeProblem(entries: readonly Entry[]): string | null {
  const seen = new Map<string, number>();
  for (let index = 0; index < entries.length; index++) {
    const { eid, parent } = entries[index]!.attrs;
    if (eid !== undefined) {
      if (!EID.test(eid)) return `Entry ${index}: eid "${eid}" is not 8 characters from a-z and 0-9.`;
      const other = seen.get(eid);
      if (other !== undefined) return `Entry ${index}: eid "${eid}" is also the eid of entry ${other}.`;
    }
    if (parent !== undefined && parent !== ROOT_PARENT && !seen.has(parent)) {
      return `Entry ${index}: parent "${parent}" names no entry before it.`;
    }
    if (eid !== undefined) seen.set(eid, index);
  }
  return null;
}

/**
 * The entries treeProblem() accepted as a server keeps them: each with an eid, a new one (after its
 * other attributes) where it had none; everything else as it came.
 */
export function withTreeIds(entries: readonly Entry[]): Entry[] {
  const given = new Set<string>();
  for (const { attrs } of entries) if (attrs.eid !== undefined) given.add(attrs.eid);
  return entries.map((entry) => {
    if (entry.attrs.eid !== undefined) return entry;
    let eid = newEid();
    while (given.has(eid)) eid = newEid();
    given.add(eid);
    return { ...entry, attrs: { ...entry.attrs, eid } };
  });
}

/** The tree of entries that treeProblem() accepted. */
export function treeOf(entries: readonly Entry[]): LogTree {
  const parents = new Int32Array(entries.length);
  const byEid = new Map<string, number>();
  for (let index = 0; index < entries.length; index++) {
    const { eid, parent } = entries[index]!.attrs;
    parents[index] =
      parent === undefined ? index - 1 : parent === ROOT_PARENT ? -1 : (byEid.get(parent) ?? index - 1);
    if (eid !== undefined) byEid.set(eid, index);
  }
  return { parents, byEid };
}

/** The document index of the active leaf: `head`'s entry, or the last entry (-1 when none). */
export function headIndex(tree: LogTree, head: string | null | undefined): number {
  if (head) {
    const index = tree.byEid.get(head);
    if (index !== undefined) return index;
  }
  return tree.parents.length - 1;
}

/** The active path: the document indices from the root to the head, oldest first. */
export function activePath(tree: LogTree, head: string | null | undefined): number[] {
  return pathTo(tree, headIndex(tree, head));
}

/** The document indices from the root to the entry at `index` (itself included), oldest first. */
export function pathTo(tree: LogTree, index: number): number[] {
  const path: number[] = [];
  for (let at = index; at >= 0; at = tree.parents[at]!) path.push(at);
  return path.reverse();
}

/** The entries that share `index`'s parent, itself included, in document order. */
export function siblingsOf(tree: LogTree, index: number): number[] {
  const parent = tree.parents[index];
  const siblings: number[] = [];
  for (let other = 0; other < tree.parents.length; other++) {
    if (tree.parents[other] === parent) siblings.push(other);
  }
  return siblings;
}

/**
 * The newest leaf under `index` (itself when it has no children): the entry of its subtree written
 * last. Children come after their parent in document order, so one pass from `index` finds them,
 * and the subtree's last entry can have no children of its own.
 */
export function newestLeafUnder(tree: LogTree, index: number): number {
  const inSubtree = new Uint8Array(tree.parents.length);
  inSubtree[index] = 1;
  let newest = index;
  for (let other = index + 1; other < tree.parents.length; other++) {
    const parent = tree.parents[other]!;
    if (parent >= index && inSubtree[parent]) {
      inSubtree[other] = 1;
      newest = other;
    }
  }
  return newest;
}

/**
 * The entries but those `drop` picks, the tree kept: an entry whose parent goes follows its
 * nearest ancestor that stays (a root when none does), written as `parent` wherever document
 * order alone would say otherwise.
 */
export function withoutEntries(entries: readonly Entry[], drop: (entry: Entry) => boolean): Entry[] {
  const tree = treeOf(entries);
  const dropped = new Uint8Array(entries.length);
  // Each entry's nearest kept ancestor, by document index (-1: none).
  const keptAncestor = new Int32Array(entries.length);
  const kept: Entry[] = [];
  let lastKept = -1;
  for (let index = 0; index < entries.length; index++) {
    const parent = tree.parents[index]!;
    const follows = parent < 0 ? -1 : dropped[parent] ? keptAncestor[parent]! : parent;
    keptAncestor[index] = follows;
    const entry = entries[index]!;
    if (drop(entry)) {
      dropped[index] = 1;
      continue;
    }
    const { parent: _parent, ...attrs } = entry.attrs;
    const named = follows < 0 ? ROOT_PARENT : entries[follows]!.attrs.eid;
    const needed = follows !== lastKept && !(follows < 0 && kept.length === 0);
    if (needed && named !== undefined) attrs.parent = named;
    kept.push({ ...entry, attrs });
    lastKept = index;
  }
  return kept;
}
