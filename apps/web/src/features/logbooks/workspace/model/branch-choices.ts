import type { HeadChanged } from '@caravanserai/api';
import { leafUnder, onActivePath } from './branch-view';
import { type LogSnapshot, type WriteOutcome, withHead } from './log-snapshot';

/** What choosing a branch needs of the session. */
export interface BranchSession {
  log(): LogSnapshot;
  /** Applies a change of the log: drawn when it follows, read again when it does not. */
  apply(outcome: WriteOutcome): void;
  setHead(eid: string): Promise<HeadChanged>;
  /** The server refused: say why and read the logbook again. */
  refused(error: unknown): void;
  now(): number;
}

/**
 * Shows the branch of entry `eid` at once (the log holds every branch) and, when `remember` (the
 * owner), has the server keep it as the head; another reader's choice stays on their page.
 */
export function switchBranch(session: BranchSession, eid: string, remember: boolean): void {
  const entries = session.log().entries;
  const leaf = entries ? leafUnder(entries, eid) : null;
  if (leaf === null) return;
  session.apply(withHead(session.log(), leaf, null, session.now()));
  if (!remember) return;
  session.setHead(eid).then(
    ({ head, version }) => session.apply(withHead(session.log(), head, version, session.now())),
    (error: unknown) => session.refused(error),
  );
}

/**
 * Shows the entry at `index` when it is on another branch (a search hit there): its branch is
 * drawn, down to the newest entry under it, and remembered as the head when `remember` (the owner).
 */
export function showEntry(session: BranchSession, index: number, remember: boolean): void {
  const { entries, head } = session.log();
  const eid = entries?.[index]?.attrs.eid;
  if (!entries || eid === undefined || onActivePath(entries, head, index)) return;
  switchBranch(session, eid, remember);
}
