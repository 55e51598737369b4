import { activePath, type Entry, newestLeafUnder, treeOf } from '@caravanserai/logbook';

/** Where an entry stands among the entries that follow the same parent, for its "< 2/3 >" arrows. */
export interface BranchChoice {
  /** 1 for the oldest. */
  position: number;
  count: number;
  /** The eids of the siblings before and after it; null at either end. */
  previous: string | null;
  next: string | null;
}

/** What of the tree the log draws (DESIGN 3a): the active path, and the choices along it. */
export interface BranchView {
  /** The document indices of the entries on the active path. */
  onPath: ReadonlySet<number>;
  /** The choices of the entries on the path that have siblings, by document index. */
  choices: ReadonlyMap<number, BranchChoice>;
}

/** The active path ending at `head` (null: the last entry), and where it could branch instead. */
export function branchView(entries: readonly Entry[], head: string | null): BranchView {
  const tree = treeOf(entries);
  const path = activePath(tree, head);
  const children = new Map<number, number[]>();
  for (let index = 0; index < entries.length; index++) {
    // Deleted (blank) entries are not drawn, so they are not offered either.
    if (entries[index]!.content === '') continue;
    const parent = tree.parents[index]!;
    const siblings = children.get(parent);
    if (siblings) siblings.push(index);
    else children.set(parent, [index]);
  }
  const choices = new Map<number, BranchChoice>();
  for (const index of path) {
    const siblings = children.get(tree.parents[index]!) ?? [];
    const at = siblings.indexOf(index);
    if (siblings.length < 2 || at < 0) continue;
    const eidAt = (i: number) =>
      i >= 0 && i < siblings.length ? (entries[siblings[i]!]!.attrs.eid ?? null) : null;
    choices.set(index, {
      position: at + 1,
      count: siblings.length,
      previous: eidAt(at - 1),
      next: eidAt(at + 1),
    });
  }
  return { onPath: new Set(path), choices };
}

/** Whether the entry at `index` is on the path ending at `head`. */
export function onActivePath(entries: readonly Entry[], head: string | null, index: number): boolean {
  return activePath(treeOf(entries), head).includes(index);
}

/** The eid the head moves to when the branch of `eid` is chosen: the newest entry under it. */
export function leafUnder(entries: readonly Entry[], eid: string): string | null {
  const tree = treeOf(entries);
  const index = tree.byEid.get(eid);
  if (index === undefined) return null;
  return entries[newestLeafUnder(tree, index)]!.attrs.eid ?? null;
}

/** The `parent` a new version of the entry at `index` takes: its own parent's eid, or '' for a root. */
export function parentFor(entries: readonly Entry[], index: number): string | null {
  const parent = treeOf(entries).parents[index];
  if (parent === undefined) return null;
  if (parent < 0) return '';
  return entries[parent]!.attrs.eid ?? null;
}
