import type { EntryFile } from '@caravanserai/api';
import type { CompareRun } from './compare-run';
import type { LogSnapshot } from './log-snapshot';
import {
  baseRows,
  displayRows,
  type FetchedState,
  fetchedState,
  isReflected,
  type LogRow,
  type PendingOp,
} from './overlay';

/** The answer being streamed: its query's qid, and whether the server was asked to stop it. */
export interface AnswerInProgress {
  qid: string;
  stopping: boolean;
}

/** A query that got no answer: the error, and the qid to ask again when its entry was stored. */
export interface AskFailure {
  error: unknown;
  qid: string | null;
}

/**
 * Everything the workspace draws, as one immutable value: a new object after each change, the
 * same one while nothing changed (what `useSyncExternalStore` needs). Slices are set by the
 * session; `rows` and `files` are derived from them here.
 */
export interface LogbookSessionState {
  /** The log as stored: the newest entries of its active path, and its version. */
  log: LogSnapshot;
  /** An older page of the path is being read. */
  loadingOlder: boolean;
  /** This page's writes the log does not show yet. */
  pending: readonly PendingOp[];
  /** The overlay: the log with the pending writes drawn over it, as rows to draw. */
  rows: readonly LogRow[];
  /** The files the entries held name. */
  files: readonly EntryFile[];
  answer: AnswerInProgress | null;
  /** A compare's answers side by side, from its asking until one is kept or another question asked. */
  compare: CompareRun | null;
  failure: AskFailure | null;
  /** The row whose inline editor is open. */
  editingKey: string | null;
  /** The row whose deletion waits for the reader's confirmation. */
  toDelete: LogRow | null;
}

/** What the session sets; the rest follows from it. */
export type SessionChange = Partial<Omit<LogbookSessionState, 'rows' | 'files'>>;

/**
 * Derives the state's rows from its slices, remembering what it needs to do so cheaply: rows of
 * unchanged entries keep their identity (a write to one entry re-renders one row), and a pending
 * write the log already shows is dropped before it is drawn twice.
 */
export class SessionStateDeriver {
  private base: LogRow[] = [];
  private fetched: FetchedState | null = null;

  initial(log: LogSnapshot): LogbookSessionState {
    const blank: LogbookSessionState = {
      log: { path: [], more: false, before: 0, version: Number.NEGATIVE_INFINITY, updatedAt: 0, head: null },
      loadingOlder: false,
      pending: [],
      rows: [],
      files: [],
      answer: null,
      compare: null,
      failure: null,
      editingKey: null,
      toDelete: null,
    };
    return this.next(blank, { log });
  }

  next(previous: LogbookSessionState, change: SessionChange): LogbookSessionState {
    const state = { ...previous, ...change };
    const logChanged = state.log !== previous.log;
    if (logChanged) {
      const { path, version, updatedAt } = state.log;
      const entries = path.map((held) => held.entry);
      this.fetched = fetchedState(entries, version, updatedAt);
      if (path !== previous.log.path) {
        this.base = baseRows(path, this.base);
        state.files = path.flatMap((held) => held.files);
      }
    }
    const fetched = this.fetched;
    if (fetched && (logChanged || state.pending !== previous.pending)) {
      const kept = state.pending.filter((op) => !isReflected(op, fetched));
      if (kept.length !== state.pending.length) state.pending = kept;
    }
    if (logChanged || state.pending !== previous.pending) {
      state.rows = displayRows(this.base, state.pending);
    }
    return state;
  }
}
