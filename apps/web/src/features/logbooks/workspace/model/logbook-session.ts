import { ApiError, type EntriesPage } from '@caravanserai/api';
import { applyToggle, filesOf, newQid, type Tag, type Toggle } from '@caravanserai/logbook';
import type { EntryWrite } from '../api/write-entry';
import { animationFrames, type FrameScheduler, streamAnswer } from './answer-stream';
import { type BranchSession, showEntry, switchBranch } from './branch-choices';
import { parentFor } from './branch-view';
import type { EntryActions } from './entry-actions';
import { withFiles } from './entry-files';
import { applyWrite, type ConfirmedWrite, snapshotOf, type WriteOutcome, withPage } from './log-snapshot';
import { type LogRow, pendingKey } from './overlay';
import { PathReads } from './path-reads';
import { pendingWrites } from './pending-writes';
import type { LogbookSessionOptions, SessionPorts } from './session-ports';
import { type LogbookSessionState, type SessionChange, SessionStateDeriver } from './session-state';

function isStale(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'stale_version' || error.code === 'conflict');
}

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
  private readonly frames: FrameScheduler;
  private readonly now: () => number;
  private readonly drafts = new Map<string, string>();
  private controller: AbortController | null = null;

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
    this.frames = frames;
    this.now = now;
    this.state = this.deriver.initial(snapshotOf(page, fetchedAt));
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
    this.controller?.abort();
    this.reads.stop();
  }

  // ---- the Scribe ----

  /**
   * Stores a context or comment entry, or asks a query carrying `files` (uploaded ids); resolves
   * with text it could not store.
   */
  send = async (mode: Tag, text: string, files: readonly string[] = []): Promise<string | null> => {
    if (mode === 'query') return this.askQuestion(text, files);
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

  // ---- the entry buttons and the inline editor ----
  // Each change re-tags, edits or blanks one entry by its index. A toggle names the tag the entry
  // has now and an edit the version the page knows, so the server refuses (409) a change to an
  // entry someone else changed first; the session then reads the log again.

  toggle = (row: LogRow, toggle: Toggle): void => {
    const { index } = row;
    if (index === null) return;
    const tag = row.entry.tag;
    const freshTag = applyToggle(tag, toggle);
    const id = this.pending.add({ kind: 'retag', index, tag: freshTag });
    this.changeEntry(
      id,
      () => ({ logid: this.logid, tag, index, fresh_tag: freshTag }),
      (version) => ({ kind: 'change', index, tag: freshTag, version }),
    ).catch(() => undefined);
  };

  remove = (row: LogRow): void => this.set({ toDelete: row });

  closeDelete = (): void => this.set({ toDelete: null });

  /** The reader confirmed the deletion: the entry is blanked, and left out of the log. */
  confirmDelete = (): void => {
    const row = this.state.toDelete;
    this.set({ toDelete: null });
    const index = row?.index ?? null;
    if (row === null || index === null) return;
    const id = this.pending.add({ kind: 'blank', index });
    this.changeEntry(
      id,
      () => ({ logid: this.logid, tag: row.entry.tag, index, content: '' }),
      (version) => ({ kind: 'change', index, content: '', version }),
    ).catch(() => undefined);
  };

  edit = (row: LogRow): void => {
    if (row.index === null) return;
    this.drafts.clear();
    this.set({ editingKey: row.key });
  };

  cancelEdit = (): void => {
    this.drafts.clear();
    this.set({ editingKey: null });
  };

  draft = (row: LogRow): string | undefined => this.drafts.get(row.key);

  keepDraft = (row: LogRow, text: string): void => {
    this.drafts.set(row.key, text);
  };

  save = async (row: LogRow, content: string, resend: boolean): Promise<boolean> => {
    const { index } = row;
    if (index === null) return false;
    if (resend && row.entry.tag === 'query') return this.askEdited(index, content);
    const id = this.pending.add({ kind: 'edit', index, content });
    try {
      await this.changeEntry(
        id,
        // Read when the write's turn comes, after the writes made before it have landed.
        () => ({ logid: this.logid, tag: row.entry.tag, index, content, version: this.state.log.version }),
        (version) => ({ kind: 'change', index, content, version }),
      );
    } catch {
      return false;
    }
    this.cancelEdit();
    return true;
  };

  /**
   * An edited question sent again is a new question beside the old one (DESIGN 3a): it follows
   * the old one's parent and carries its files, and the old question with all that followed it
   * stays as a branch.
   */
  private askEdited(index: number, content: string): boolean {
    const edited = this.state.log.path.find((held) => held.index === index);
    if (this.state.answer || !edited || content.trim() === '') return false;
    const parent = parentFor(edited);
    this.cancelEdit();
    const qid = newQid();
    const files = filesOf(edited.entry);
    const queryOp = this.pending.add({
      kind: 'append',
      entry: { tag: 'query', attrs: withFiles({ qid, parent }, files), content },
    });
    void this.runAnswer(qid, content, queryOp, { parent, files });
    return true;
  }

  // ---- branches ----

  switchBranch = (eid: string, remember = true): void => switchBranch(this.branches, eid, remember);

  showEntry = (index: number, remember: boolean): void => showEntry(this.branches, index, remember);

  private readonly branches: BranchSession = {
    log: () => this.state.log,
    pageSize: () => this.reads.pageSize(),
    readPage: (query) => this.ports.readPage(query),
    readLogbook: () => this.ports.readLogbook(),
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

  /** Asks the stored query `qid` again (a retry, a new answer, an edited question). */
  retry = async (qid: string): Promise<void> => {
    if (this.state.answer) return;
    const question = this.state.log.path.findLast(
      ({ entry }) => entry.tag === 'query' && entry.attrs.qid === qid,
    )?.entry.content;
    if (question === undefined || question.trim() === '') return;
    await this.runAnswer(qid, question, null);
  };

  /**
   * Asks the server to stop the answer. The stream is read on: it ends with the stored part of
   * the answer, or 'cancelled'. Only when the server cannot be told is the stream dropped (the
   * server then stores the whole answer).
   */
  stop = (): void => {
    const { answer } = this.state;
    const controller = this.controller;
    if (!answer || answer.stopping || !controller) return;
    this.set({ answer: { ...answer, stopping: true } });
    this.ports.cancelQuery({ logid: this.logid, qid: answer.qid }).catch(() => controller.abort());
  };

  dismissFailure = (): void => this.set({ failure: null });

  /** The query shows at once (with its files), under its own qid, which the server stores it with. */
  private askQuestion(prompt: string, files: readonly string[]): Promise<string | null> {
    // One answer at a time: the Scribe says so too, but its state may be a frame behind.
    if (this.state.answer) return Promise.resolve(prompt);
    const qid = newQid();
    const queryOp = this.pending.add({
      kind: 'append',
      entry: { tag: 'query', attrs: withFiles({ qid }, files), content: prompt },
    });
    return this.runAnswer(qid, prompt, queryOp, { files });
  }

  /** Resolves with the prompt when the query could not be stored, so the Scribe can give it back. */
  private async runAnswer(
    qid: string,
    prompt: string,
    queryOp: number | null,
    { parent, files }: { parent?: string; files?: readonly string[] } = {},
  ): Promise<string | null> {
    const controller = new AbortController();
    this.controller = controller;
    this.set({ failure: null, answer: { qid, stopping: false } });
    const outcome = await streamAnswer(
      {
        stream: this.ports.streamQuery,
        pending: this.pending,
        land: (write) => this.land(write),
        answered: () => this.set({ answer: null }),
        frames: this.frames,
        now: this.now,
      },
      { logid: this.logid, qid, prompt, queryOp, parent, files, signal: controller.signal },
    );
    if (this.controller === controller) this.controller = null;
    if (outcome.kind !== 'failed') {
      if (this.state.answer !== null) this.set({ answer: null });
      return null;
    }
    const askable = outcome.stored || queryOp === null;
    this.set({ answer: null, failure: { error: outcome.error, qid: askable ? qid : null } });
    return askable ? null : prompt;
  }

  // ---- pending writes and the log ----

  private readonly pending = pendingWrites(
    () => this.state.pending,
    (pending) => this.set({ pending }),
    () => this.now(),
  );

  /** Sends a change to one entry; a refusal drops it, says why, and reads the log again when stale. */
  private async changeEntry(
    id: number,
    body: EntryWrite['body'],
    change: (version: number) => ConfirmedWrite & { version: number },
  ): Promise<void> {
    try {
      await this.ports.writeEntry({ body, onStored: ({ version }) => this.stored(id, change(version)) });
    } catch (error) {
      this.pending.remove(id);
      this.ports.writeFailed(error);
      if (isStale(error)) this.reload();
      throw error;
    }
  }

  private stored(id: number, write: ConfirmedWrite & { version: number }): void {
    this.pending.settle(id, write.version);
    this.land(write);
  }

  /** Applies a confirmed write to the log, or reads the log again when it does not follow. */
  private land(write: ConfirmedWrite): void {
    this.apply(applyWrite(this.state.log, write, this.now()));
    const { attrs } = write.kind === 'append' ? write.entry : { attrs: {} as Record<string, string> };
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
