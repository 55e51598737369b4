import { ApiError, type EntriesPage, type EntriesQuery, type HeadChanged } from '@caravanserai/api';
import { type LogSnapshot, type WriteOutcome, withHeadKept } from './log-snapshot';

/** What choosing a branch needs of the session. */
export interface BranchSession {
  log(): LogSnapshot;
  /** How many entries a page read to replace the path asks for: about as many as it holds. */
  pageSize(): number;
  readPage(query: EntriesQuery): Promise<EntriesPage>;
  /** Reads older pages of the path held until the entry at this document index is among them. */
  loadTo(index: number): Promise<void>;
  /**
   * Shows a page of the path read for a choice (`under`: the reader's choice the head does not
   * keep); false when the session holds a newer version than the page (a write landed meanwhile).
   */
  show(page: EntriesPage, under: string | null): boolean;
  /** Reads the newest entries of the chosen path again. */
  reload(): void;
  /** The branch shown that the head does not keep (a reader's choice); null: the head's. */
  under(): string | null;
  /** The branch shown is the head's now. */
  keptAsHead(): void;
  /** Applies a change of the log: drawn when it follows, read again when it does not. */
  apply(outcome: WriteOutcome): void;
  setHead(eid: string): Promise<HeadChanged>;
  /** The server refused: say why and read the logbook again. */
  refused(error: unknown): void;
  now(): number;
}

/**
 * Keeps a choice of branch as the head (the owner's). When the path drawn ends at the head the
 * server chose, only the version moves on; otherwise (a write landed meanwhile) it is read again.
 */
function keep(session: BranchSession, eid: string): Promise<void> {
  return session.setHead(eid).then(({ head, version }) => {
    session.keptAsHead();
    if (session.log().head === head) session.apply(withHeadKept(session.log(), version, session.now()));
    else session.reload();
  });
}

/**
 * Shows the branch of entry `eid`: its path down to the newest entry under it is read as a page
 * and drawn as soon as it arrives. When `remember` (the owner), the server keeps it as the head
 * meanwhile; another reader's choice stays on their page. Resolves once it is shown (and kept).
 */
export function switchBranch(session: BranchSession, eid: string, remember: boolean): Promise<void> {
  const page = session.readPage({ under: eid, limit: session.pageSize() });
  const kept = remember ? keep : null;
  return page
    .then((read) => {
      const shown = session.show(read, remember ? null : eid);
      if (kept) return kept(session, eid);
      // Another reader's page was older than a write that landed meanwhile: read the branch again.
      if (!shown) session.reload();
    })
    .catch((error: unknown) => session.refused(error));
}

/**
 * Shows the entry at document index `index` (a search hit) when the path held does not, never
 * reading the whole log: the page of the path through it is read (`at`), which reaches back to it
 * (older pages are read after it when it is further back than a page gives). An entry on another
 * branch brings its branch, down to the newest entry under it, kept as the head when `remember`
 * (the owner). An index of no entry (a stale link) shows nothing more.
 */
export function showEntry(session: BranchSession, index: number, remember: boolean): void {
  if (session.log().path.some((held) => held.index === index)) {
    // Shown before the reader was known to be the owner: now kept, so new turns follow it.
    const shown = session.under();
    if (remember && shown !== null) keep(session, shown).catch((error: unknown) => session.refused(error));
    return;
  }
  session
    .readPage({ at: index, limit: session.pageSize() })
    .then(async (page) => {
      // Another branch is chosen by its newest entry, the end of the path read.
      const branch = page.active === false ? page.head : null;
      const shown = session.show(page, remember ? null : branch);
      if (remember && branch !== null) await keep(session, branch);
      else if (!shown && branch !== null) {
        // Another reader's page was older than a write that landed meanwhile: read the branch again.
        session.reload();
        return;
      }
      await session.loadTo(index);
    })
    .catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 400)) session.refused(error);
    });
}
