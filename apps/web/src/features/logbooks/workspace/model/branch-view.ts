import type { PathEntry } from './log-snapshot';

/** Where an entry stands among the entries that follow the same parent, for its "< 2/3 >" arrows. */
export interface BranchChoice {
  /** 1 for the oldest. */
  position: number;
  count: number;
  /** The eids of the siblings before and after it; null at either end. */
  previous: string | null;
  next: string | null;
}

/** The choice an entry of the active path offers; null when it has no siblings to switch to. */
export function branchChoice({ entry, siblings }: PathEntry): BranchChoice | null {
  const eid = entry.attrs.eid;
  const at = eid === undefined ? -1 : siblings.indexOf(eid);
  if (siblings.length < 2 || at < 0) return null;
  return {
    position: at + 1,
    count: siblings.length,
    previous: siblings[at - 1] ?? null,
    next: siblings[at + 1] ?? null,
  };
}

/** The `parent` a new version of an entry takes: its own parent's eid, or '' for a first entry. */
export function parentFor(held: PathEntry): string {
  return held.parent ?? '';
}
