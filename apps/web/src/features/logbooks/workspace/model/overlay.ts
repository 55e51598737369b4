import type { Entry, Tag } from '@caravanserai/logbook';
import { type BranchChoice, branchChoice } from './branch-view';
import { withoutCutMark } from './continuing';
import type { PathEntry } from './log-snapshot';
import { isReasoning, type RowThought, storedThought, thoughtBefore } from './reasoning';

/**
 * Changes made on this page that the fetched log may not show yet. They are drawn over the
 * server's entries at once (optimistic) and dropped as soon as a fetch is known to include them.
 */
export type PendingOp =
  | { id: number; kind: 'retag'; index: number; tag: Tag; version?: number; settledAt?: number }
  | { id: number; kind: 'blank'; index: number; version?: number; settledAt?: number }
  | { id: number; kind: 'edit'; index: number; content: string; version?: number; settledAt?: number }
  | { id: number; kind: 'append'; entry: Entry; version?: number; settledAt?: number }
  | {
      id: number;
      kind: 'answer';
      qid: string;
      content: string;
      /** The stored answer's attributes (model, tokens, stopped), once it is stored. */
      attrs?: Record<string, string>;
      /** What the model thought before it answered, as it arrives (DESIGN 12). */
      thought?: { text: string; seconds: number | null };
      streaming: boolean;
      version?: number;
      settledAt?: number;
    }
  /** What a stopped or cut answer goes on with, drawn onto the answer at `index` (DESIGN 12). */
  | {
      id: number;
      kind: 'continue';
      index: number;
      content: string;
      streaming: boolean;
      version?: number;
      settledAt?: number;
    };

/** The key of a pending write's row; the entry it becomes keeps it (PathEntry.key). */
export function pendingKey(id: number): string {
  return `p${id}`;
}

/** One row of the log as drawn: a server entry (with its position) or a pending one. */
export interface LogRow {
  key: string;
  /** The entry's position in the stored log, which the API addresses it by; null while pending. */
  index: number | null;
  entry: Entry;
  pending: boolean;
  streaming: boolean;
  /** A query no answer follows (it failed, was stopped before any text, or its answer was deleted). */
  unanswered?: boolean;
  /**
   * Where the entry stands among its siblings, when it has any (its "< 2/3 >" arrows); for an
   * answer drawn with its thought, where the thought stands among the answers to its query.
   */
  branch?: BranchChoice;
  /** The model's thinking: drawn above its answer, or alone for a reasoning comment nothing follows. */
  thought?: RowThought;
}

/** What is known about the fetched log when deciding whether an op is in it. */
export interface FetchedState {
  version: number;
  updatedAt: number;
  qids: ReadonlySet<string>;
  answeredQids: ReadonlySet<string>;
}

export function fetchedState(entries: readonly Entry[], version: number, updatedAt: number): FetchedState {
  const qids = new Set<string>();
  const answeredQids = new Set<string>();
  for (const entry of entries) {
    const qid = entry.attrs.qid;
    if (qid === undefined) continue;
    if (entry.tag === 'query') qids.add(qid);
    else answeredQids.add(qid);
  }
  return { version, updatedAt, qids, answeredQids };
}

/**
 * An op is in the fetched log when its write's version is reached, or (for a write whose version
 * is unknown, such as a failed query) when the log was fetched after it settled. Queries and
 * answers are also recognised by their qid, since a poll may fetch them before their call returns.
 */
export function isReflected(op: PendingOp, fetched: FetchedState): boolean {
  if (op.version !== undefined && fetched.version >= op.version) return true;
  // A stored answer is known by its version: its qid may have older answers (a regenerated one).
  if (op.kind === 'answer' && op.version !== undefined) return false;
  if (op.version === undefined && op.settledAt !== undefined && fetched.updatedAt > op.settledAt) return true;
  if (op.kind === 'append' && op.entry.tag === 'query' && op.entry.attrs.qid !== undefined) {
    return fetched.qids.has(op.entry.attrs.qid);
  }
  if (op.kind === 'answer') return !op.streaming && fetched.answeredQids.has(op.qid);
  return false;
}

/**
 * The active path's entries as rows, with their branch choices. A reasoning comment is drawn with
 * the answer that follows it, not as a row of its own. Rows of `previous` whose entries and
 * siblings are unchanged are kept, so a write applied to one entry re-renders one row.
 */
export function baseRows(path: readonly PathEntry[], previous: readonly LogRow[] = []): LogRow[] {
  const old = new Map<number, LogRow>();
  for (const row of previous) if (row.index !== null) old.set(row.index, row);
  const rows: LogRow[] = [];
  for (let at = 0; at < path.length; at++) {
    const held = path[at]!;
    if (thoughtBefore(path, at + 1) === held) continue;
    const thought = thoughtBefore(path, at);
    const kept = old.get(held.index);
    const drawn = kept && drawnFrom.get(kept);
    if (
      kept &&
      drawn &&
      drawn.entry === held.entry &&
      drawn.siblings === held.siblings &&
      drawn.thought?.entry === thought?.entry &&
      drawn.thought?.siblings === thought?.siblings
    ) {
      rows.push(kept);
      continue;
    }
    const branch = (thought && branchChoice(thought)) ?? branchChoice(held);
    const shownThought = thought ?? (isReasoning(held.entry) ? held : null);
    const row: LogRow = {
      key: held.key ?? `e${held.index}`,
      index: held.index,
      entry: held.entry,
      pending: false,
      streaming: false,
      ...(branch && { branch }),
      ...(shownThought && { thought: storedThought(shownThought) }),
    };
    drawnFrom.set(row, { entry: held.entry, siblings: held.siblings, thought });
    rows.push(row);
  }
  return rows;
}

// The entries each base row was drawn from, to know when it must be drawn again.
const drawnFrom = new WeakMap<
  LogRow,
  { entry: PathEntry['entry']; siblings: readonly string[]; thought: PathEntry | null }
>();

// One marked copy per row, so an unanswered query keeps its identity while an answer streams.
const unansweredCopies = new WeakMap<LogRow, LogRow>();

function markUnanswered(row: LogRow): LogRow {
  let copy = unansweredCopies.get(row);
  if (!copy) {
    copy = { ...row, unanswered: true };
    unansweredCopies.set(row, copy);
  }
  return copy;
}

/**
 * The rows to draw: server rows of the active path with pending re-tags and deletions applied,
 * blank (deleted) entries left out, then pending appends and the answer being streamed.
 */
export function displayRows(base: readonly LogRow[], ops: readonly PendingOp[]): LogRow[] {
  let rows: LogRow[] = base as LogRow[];
  let positions: Map<number, number> | null = null;
  const tail: LogRow[] = [];
  for (const op of ops) {
    if (op.kind === 'retag' || op.kind === 'blank' || op.kind === 'edit' || op.kind === 'continue') {
      if (positions === null) {
        positions = new Map(rows.map((row, position) => [row.index!, position]));
        rows = rows.slice();
      }
      const position = positions.get(op.index);
      const row = position === undefined ? undefined : rows[position];
      if (!row || position === undefined) continue;
      if (op.kind === 'continue') {
        rows[position] = continuedRow(row, op);
        continue;
      }
      const entry =
        op.kind === 'retag'
          ? { ...row.entry, tag: op.tag }
          : { ...row.entry, content: op.kind === 'edit' ? op.content : '' };
      rows[position] = { ...row, entry, pending: op.settledAt === undefined };
    } else if (op.kind === 'append') {
      const pending = op.settledAt === undefined;
      tail.push({ key: pendingKey(op.id), index: null, entry: op.entry, pending, streaming: false });
    } else {
      tail.push({
        key: pendingKey(op.id),
        index: null,
        entry: { tag: 'gen', attrs: { ...op.attrs, qid: op.qid }, content: op.content },
        pending: op.streaming,
        streaming: op.streaming,
        ...(op.thought && { thought: { ...op.thought, index: null } }),
      });
    }
  }
  const visible: LogRow[] = [];
  for (const row of rows) if (row.entry.content !== '') visible.push(row);
  for (const row of tail) visible.push(row);
  return markUnansweredQueries(visible);
}

/**
 * An answer being continued: its text without the server's cut mark, then what arrived of the
 * continuation; no longer marked as ended early while it grows.
 */
function continuedRow(row: LogRow, op: PendingOp & { kind: 'continue' }): LogRow {
  const { stopped: _s, truncated: _t, finish: _f, ...attrs } = row.entry.attrs;
  const content = withoutCutMark(row.entry) + op.content;
  return { ...row, entry: { ...row.entry, attrs, content }, pending: op.streaming, streaming: op.streaming };
}

function markUnansweredQueries(rows: LogRow[]): LogRow[] {
  const answered = new Set<string>();
  for (const row of rows) {
    const qid = row.entry.attrs.qid;
    // Thinking alone (its answer deleted) is no answer.
    if (qid !== undefined && row.entry.tag !== 'query' && !isReasoning(row.entry)) answered.add(qid);
  }
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const qid = row.entry.attrs.qid;
    if (row.entry.tag === 'query' && qid !== undefined && !answered.has(qid)) rows[i] = markUnanswered(row);
  }
  return rows;
}
