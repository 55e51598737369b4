import type { EntriesPage, EntriesQuery, HeadChanged, Logbook } from '@caravanserai/api';
import { pathPage, readDocument } from './document-page';
import { type LogSnapshot, type WriteOutcome, withHeadKept } from './log-snapshot';

/** What choosing a branch needs of the session. */
export interface BranchSession {
  log(): LogSnapshot;
  /** How many entries a page read to replace the path asks for: about as many as it holds. */
  pageSize(): number;
  readPage(query: EntriesQuery): Promise<EntriesPage>;
  readLogbook(): Promise<Logbook>;
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
 * Shows the entry at document index `index` (a search hit) when the path held does not: the log
 * is read whole, since the entry may be anywhere in it, and its whole path drawn. An entry on
 * another branch brings its branch, down to the newest entry under it, kept as the head when
 * `remember` (the owner).
 */
export function showEntry(session: BranchSession, index: number, remember: boolean): void {
  if (session.log().path.some((held) => held.index === index)) {
    // Shown before the reader was known to be the owner: now kept, so new turns follow it.
    const shown = session.under();
    if (remember && shown !== null) keep(session, shown).catch((error: unknown) => session.refused(error));
    return;
  }
  session
    .readLogbook()
    .then((logbook) => {
      const document = readDocument(logbook);
      if (document === null) return;
      const onPath = pathPage(document, null);
      if (onPath?.entries.some((entry) => entry.index === index)) {
        session.show(onPath, null);
        return;
      }
      const eid = document.entries[index]?.attrs.eid;
      const branch = eid === undefined ? null : pathPage(document, eid);
      if (eid === undefined || branch === null) return;
      session.show(branch, remember ? null : eid);
      if (remember) return keep(session, eid);
    })
    .catch((error: unknown) => session.refused(error));
}
