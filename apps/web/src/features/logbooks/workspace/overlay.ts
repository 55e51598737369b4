import type { Entry, Tag } from '@caravanserai/logbook';

/**
 * Changes made on this page that the fetched log may not show yet. They are drawn over the
 * server's entries at once (optimistic) and dropped as soon as a fetch is known to include them.
 */
export type PendingOp =
  | { id: number; kind: 'retag'; index: number; tag: Tag; version?: number; settledAt?: number }
  | { id: number; kind: 'blank'; index: number; version?: number; settledAt?: number }
  | { id: number; kind: 'append'; entry: Entry; version?: number; settledAt?: number }
  | {
      id: number;
      kind: 'answer';
      qid: string;
      content: string;
      streaming: boolean;
      version?: number;
      settledAt?: number;
    };

/** One row of the log as drawn: a server entry (with its position) or a pending one. */
export interface LogRow {
  key: string;
  /** The entry's position in the stored log, which the API addresses it by; null while pending. */
  index: number | null;
  entry: Entry;
  pending: boolean;
  streaming: boolean;
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
  if (op.version === undefined && op.settledAt !== undefined && fetched.updatedAt > op.settledAt) return true;
  if (op.kind === 'append' && op.entry.tag === 'query' && op.entry.attrs.qid !== undefined) {
    return fetched.qids.has(op.entry.attrs.qid);
  }
  if (op.kind === 'answer') return !op.streaming && fetched.answeredQids.has(op.qid);
  return false;
}

/** The server's entries as rows; memoised by the caller so unchanged rows keep their identity. */
export function baseRows(entries: readonly Entry[]): LogRow[] {
  return entries.map((entry, index) => ({
    key: `e${index}`,
    index,
    entry,
    pending: false,
    streaming: false,
  }));
}

/**
 * The rows to draw: server rows with pending re-tags and deletions applied, blank (deleted)
 * entries left out, then pending appends and the answer being streamed.
 */
export function displayRows(base: readonly LogRow[], ops: readonly PendingOp[]): LogRow[] {
  let rows: LogRow[] = base as LogRow[];
  let copied = false;
  const tail: LogRow[] = [];
  for (const op of ops) {
    if (op.kind === 'retag' || op.kind === 'blank') {
      const row = rows[op.index];
      if (!row) continue;
      if (!copied) {
        rows = rows.slice();
        copied = true;
      }
      const entry = op.kind === 'retag' ? { ...row.entry, tag: op.tag } : { ...row.entry, content: '' };
      rows[op.index] = { ...row, entry, pending: op.settledAt === undefined };
    } else if (op.kind === 'append') {
      const pending = op.settledAt === undefined;
      tail.push({ key: `p${op.id}`, index: null, entry: op.entry, pending, streaming: false });
    } else {
      tail.push({
        key: `p${op.id}`,
        index: null,
        entry: { tag: 'gen', attrs: { qid: op.qid }, content: op.content },
        pending: op.streaming,
        streaming: op.streaming,
      });
    }
  }
  const visible = rows.filter((row) => row.entry.content !== '');
  for (const row of tail) visible.push(row);
  return visible;
}
