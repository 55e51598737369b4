import type { EntriesPage } from '@caravanserai/api';
import type { Tag, Toggle } from '@caravanserai/logbook';
import { animationFrames } from './answer-stream';
import { type BranchSession, showEntry, switchBranch } from './branch-choices';
import type { EntryActions } from './entry-actions';
import { applyWrite, type ConfirmedWrite, snapshotOf, type WriteOutcome, withPage } from './log-snapshot';
import { type LogRow, pendingKey } from './overlay';
import { PathReads } from './path-reads';
import { pendingWrites } from './pending-writes';
import { SessionAsking } from './session-asking';
import { SessionEdits } from './session-edits';
import type { LogbookSessionOptions, SessionPorts } from './session-ports';
import { type LogbookSessionState, type SessionChange, SessionStateDeriver } from './session-state';

/**
 * The workspace's one store: the logbook's entries, this page's pending writes drawn over them,
 * the answer being streamed, and the editor and delete confirmation open on a row. A plain class:
 * `subscribe` and `getSnapshot` let React read it (useSyncExternalStore); the methods change it.
 * It holds the newest entries of the active path, read a page at a time (older ones as the reader
 * scrolls up), never the whole log. Confirmed writes are applied to them, so the page's own writes
 * never cost a read; a write that does not follow what the session knows makes it read again.
 */
export class LogbookSession implements EntryActions {
  readonly logid: string;
  private state: LogbookSessionState;
  private readonly deriver = new SessionStateDeriver();
  private readonly listeners = new Set<() => void>();
  private readonly ports: SessionPorts;
  private readonly now: () => number;
  private readonly asking: SessionAsking;
  private readonly edits: SessionEdits;

  constructor({
    logid,
    page,
    fetchedAt,
    ports,
    frames = animationFrames,
    now = Date.now,
  }: LogbookSessionOptions) {
    this.logid = logid;
    this.ports = ports;
    this.now = now;
    this.state = this.deriver.initial(snapshotOf(page, fetchedAt));
    this.asking = new SessionAsking({
      logid,
      state: () => this.state,
      set: (change) => this.set(change),
      pending: this.pending,
      land: (write) => this.land(write),
      ports,
      frames,
      now,
    });
    this.edits = new SessionEdits({
      logid,
      state: () => this.state,
      set: (change) => this.set(change),
      pending: this.pending,
      stored: (id, write) => this.stored(id, write),
      ports,
      reload: () => this.reload(),
      askEdited: (index, content) => this.asking.askEdited(index, content),
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LogbookSessionState => this.state;

  /** A page of the newest entries read elsewhere: drawn unless the session holds a newer version. */
  receive(page: EntriesPage, fetchedAt: number): void {
    // The head's page: not for a reader looking at another branch (which reload reads).
    if (page.version <= this.state.log.version || this.reads.under !== null) return;
    this.apply(withPage(this.state.log, page, fetchedAt), false);
    this.ports.answersChanged();
  }

  /**
   * Reads the newest entries again, about as many as are held: something else changed the log
   * (another tab, the shell box's commands, a write that did not follow).
   */
  reload = (): void => this.reads.reload();

  /** Reads the page of the path before the entries held (the reader scrolled up to them). */
  loadOlder = (): void => this.reads.loadOlder();

  /** Reads the path up to its first entry (the reader asked for the start). */
  loadToStart = (): Promise<void> => this.reads.loadToStart();

  private readonly reads = new PathReads({
    log: () => this.state.log,
    loadingOlder: () => this.state.loadingOlder,
    setLoadingOlder: (loadingOlder) => this.set({ loadingOlder }),
    apply: (outcome, own) => this.apply(outcome, own),
    readPage: (query) => this.ports.readPage(query),
    answersChanged: () => this.ports.answersChanged(),
    now: () => this.now(),
  });

  /** Whether the path held is a branch the reader chose that the head does not keep. */
  showsOtherBranch(): boolean {
    return this.reads.under !== null;
  }

  /** Stops listening to an answer in flight (the page is left); the server still stores it. */
  dispose(): void {
    this.asking.dispose();
    this.reads.stop();
  }

  // ---- the Scribe ----

  /**
   * Stores a context or comment entry, or asks a query carrying `files` (uploaded ids), of 2 to 4
   * wells at once when `wellids` names them (a compare); resolves with text it could not store.
   */
  send = async (
    mode: Tag,
    text: string,
    files: readonly string[] = [],
    wellids: readonly string[] = [],
  ): Promise<string | null> => {
    if (mode === 'query' && wellids.length > 1) return this.asking.askCompare(text, files, wellids);
    if (mode === 'query') return this.asking.askQuestion(text, files);
    const entry = { tag: mode, attrs: {}, content: text };
    const id = this.pending.add({ kind: 'append', entry });
    try {
      await this.ports.writeEntry({
        body: () => ({ logid: this.logid, tag: mode, content: text }),
        onStored: ({ index, version, eid, parent }) => {
          const attrs: Record<string, string> = eid === undefined ? {} : { eid };
          const stored = { ...entry, attrs };
          const follows = parent === undefined ? {} : { follows: parent };
          this.stored(id, { kind: 'append', entry: stored, index, version, key: pendingKey(id), ...follows });
        },
      });
      return null;
    } catch (error) {
      this.pending.remove(id);
      this.ports.writeFailed(error);
      return text;
    }
  };

  // ---- the entry buttons and the inline editor (session-edits.ts) ----

  toggle = (row: LogRow, toggle: Toggle): void => this.edits.toggle(row, toggle);

  remove = (row: LogRow): void => this.set({ toDelete: row });

  closeDelete = (): void => this.set({ toDelete: null });

  confirmDelete = (): void => this.edits.confirmDelete();

  edit = (row: LogRow): void => this.edits.edit(row);

  cancelEdit = (): void => this.edits.cancelEdit();

  draft = (row: LogRow): string | undefined => this.edits.draft(row);

  keepDraft = (row: LogRow, text: string): void => this.edits.keepDraft(row, text);

  save = (row: LogRow, content: string, resend: boolean): Promise<boolean> =>
    this.edits.save(row, content, resend);

  // ---- branches ----

  switchBranch = (eid: string, remember = true): void => void switchBranch(this.branches, eid, remember);

  /**
   * Keeps one of a compare's answers (DESIGN 12): its branch becomes the head, as choosing it with
   * the arrows does, and the log then shows it with the arrows to the others.
   */
  keepAnswer = async (eid: string): Promise<void> => {
    const { compare } = this.state;
    if (!compare?.ended || compare.keeping !== null) return;
    this.set({ compare: { ...compare, keeping: eid } });
    await switchBranch(this.branches, eid, true);
    this.set({ compare: null });
  };

  /** Shows a compare's answers as the log does, with arrows, without keeping another. */
  closeCompare = (): void => {
    if (this.state.compare?.ended) this.set({ compare: null });
  };

  showEntry = (index: number, remember: boolean): void => showEntry(this.branches, index, remember);

  private readonly branches: BranchSession = {
    log: () => this.state.log,
    pageSize: () => this.reads.pageSize(),
    readPage: (query) => this.ports.readPage(query),
    loadTo: (index) => this.reads.loadTo(index),
    show: (page, under) => {
      this.reads.under = under;
      const outcome = withPage(this.state.log, page, this.now());
      this.apply(outcome, false);
      return outcome.kind === 'next';
    },
    reload: () => this.reload(),
    under: () => this.reads.under,
    keptAsHead: () => {
      this.reads.under = null;
    },
    apply: (outcome) => this.apply(outcome),
    setHead: (eid) => this.ports.setHead(eid),
    refused: (error) => {
      this.ports.writeFailed(error);
      this.reload();
    },
    now: () => this.now(),
  };

  ask = (row: LogRow): void => {
    const { qid } = row.entry.attrs;
    if (qid !== undefined) void this.retry(qid);
  };

  // ---- the answer stream ----

  /** Asks the model to go on with the row's answer, which ended early (stopped or cut). */
  continueAnswer = (row: LogRow): void => {
    if (row.index !== null) void this.asking.continueAnswer(row.index);
  };

  /** Asks the stored query `qid` again (a retry, a new answer). */
  retry = (qid: string): Promise<void> => this.asking.retry(qid);

  /** Asks the server to stop the answer in flight; what arrived is stored. */
  stop = (): void => this.asking.stop();

  dismissFailure = (): void => this.set({ failure: null });

  // ---- pending writes and the log ----

  private readonly pending = pendingWrites(
    () => this.state.pending,
    (pending) => this.set({ pending }),
    () => this.now(),
  );

  private stored(id: number, write: ConfirmedWrite & { version: number }): void {
    this.pending.settle(id, write.version);
    this.land(write);
  }

  /** Applies a confirmed write to the log, or reads the log again when it does not follow. */
  private land(write: ConfirmedWrite): void {
    this.apply(applyWrite(this.state.log, write, this.now()));
    const attrs = (write.kind === 'append' ? write.entry.attrs : write.attrs) ?? {};
    if ((attrs.input_tokens ?? attrs.output_tokens) !== undefined) this.ports.answersChanged();
  }

  /** `own`: the change is this page's write, which other tabs are told of. */
  private apply(outcome: WriteOutcome, own = true): void {
    if (outcome.kind === 'gap') this.reload();
    else if (outcome.kind === 'next') {
      const before = this.state.log.version;
      this.set({ log: outcome.snapshot });
      if (own && outcome.snapshot.version !== before) this.ports.announce(outcome.snapshot.version);
    }
  }

  private set(change: SessionChange): void {
    this.state = this.deriver.next(this.state, change);
    for (const listener of this.listeners) listener();
  }
}
