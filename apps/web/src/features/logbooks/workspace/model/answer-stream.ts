import { ApiError, type QueryStreamEvent, type QuerySubmit, type StreamHandlers } from '@caravanserai/api';
import type { StreamedAnswer } from '../api/stream-query';
import { withFiles } from './entry-files';
import type { ConfirmedWrite } from './log-snapshot';
import { type PendingOp, pendingKey } from './overlay';
import { thoughtSeconds } from './reasoning';

/** A pending write as the session adds it: everything but the id it is given. */
export type NewPendingOp = PendingOp extends infer O ? (O extends PendingOp ? Omit<O, 'id'> : never) : never;

/** How the session's pending writes are changed; each call is drawn at once. */
export interface PendingWrites {
  add(op: NewPendingOp): number;
  change(id: number, change: (op: PendingOp) => PendingOp): void;
  /** The write is done: `version` is the logbook version it produced, when the server said. */
  settle(id: number, version?: number): void;
  remove(id: number): void;
}

/** Schedules drawing: deltas can come faster than frames, and are drawn at most once per frame. */
export interface FrameScheduler {
  request(draw: () => void): number;
  cancel(handle: number): void;
}

/** The browser's frames. */
export const animationFrames: FrameScheduler = {
  request: (draw) => requestAnimationFrame(draw),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export interface AnswerRequest {
  logid: string;
  qid: string;
  prompt: string;
  /** The pending query entry of a new question; null when asking a stored query again. */
  queryOp: number | null;
  /** The entry a new question follows when it is an edit of another (DESIGN 3a); '' for none. */
  parent?: string | undefined;
  /** The ids of the files a new question carries (its entry's `files` attribute). */
  files?: readonly string[] | undefined;
  signal: AbortSignal;
}

type QueryEvent = Extract<QueryStreamEvent, { event: 'query' }>['data'];

/** How a stream ended: `stored` says whether the query entry is in the log (it can be asked again). */
export type AnswerOutcome =
  | { kind: 'answered' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown; stored: boolean };

export interface AnswerStreamDeps {
  stream(body: QuerySubmit, handlers: StreamHandlers): Promise<StreamedAnswer>;
  pending: PendingWrites;
  land(write: ConfirmedWrite): void;
  /**
   * The answer is stored and drawn from the log: called at once after it lands, so the page's
   * last changes for it are drawn together, in one frame.
   */
  answered?(): void;
  frames: FrameScheduler;
  now(): number;
}

export function isCancelled(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  return error instanceof ApiError && error.code === 'cancelled';
}

/**
 * Streams the answer to one query into the session. The answer is a pending row that grows as
 * deltas arrive, after the model's thinking (reasoning events) when it shows any; the `query`
 * event puts the stored query entry into the log, `done` the stored answer, with the comment its
 * thinking is stored as just before it. `error` and a stream that ends early fail; `cancelled`
 * (stopped before any text) and a dropped stream end quietly. A new question the server never
 * stored is not drawn any longer.
 */
export async function streamAnswer(deps: AnswerStreamDeps, request: AnswerRequest): Promise<AnswerOutcome> {
  const { pending, frames } = deps;
  const { logid, qid, prompt, queryOp, signal, parent, files = [] } = request;
  const answerId = pending.add({ kind: 'answer', qid, content: '', streaming: true });
  const thinking = thinkingClock(deps.now);
  let stored = false;
  let buffer = '';
  let thought = '';
  let frame = 0;
  const flush = () => {
    frame = 0;
    const text = buffer;
    const more = thought;
    buffer = '';
    thought = '';
    pending.change(answerId, (op) => {
      if (op.kind !== 'answer') return op;
      const grown = { ...op, content: op.content + text };
      if (!thinking.started()) return grown;
      return { ...grown, thought: { text: (op.thought?.text ?? '') + more, seconds: thinking.seconds() } };
    });
  };
  const draw = () => {
    if (frame === 0) frame = frames.request(flush);
  };
  try {
    // The server follows the logbook's memory setting and reads its context entries.
    const body: QuerySubmit = {
      logid,
      prompt,
      shell_mode: 'QUERY',
      qid,
      ...(parent !== undefined && { parent }),
      ...(files.length > 0 && { files: [...files] }),
    };
    const { entry, version, reasoning } = await deps.stream(body, {
      signal,
      onQuery: (data) => {
        stored = true;
        landQuery(deps, request, data);
      },
      onReasoning: (text) => {
        thinking.think();
        thought += text;
        draw();
      },
      onDelta: (text) => {
        thinking.answer();
        buffer += text;
        draw();
      },
    });
    frames.cancel(frame);
    // As stored: the thinking the server kept (none, when it kept none), timed by the server.
    const kept = reasoning && { text: reasoning.content, seconds: thoughtSeconds(reasoning.attrs.seconds) };
    pending.change(answerId, (op) => {
      if (op.kind !== 'answer') return op;
      const { thought: _streamed, ...answer } = op;
      return {
        ...answer,
        content: entry.content,
        attrs: entry.attrs,
        streaming: false,
        version,
        settledAt: deps.now(),
        ...(kept && { thought: kept }),
      };
    });
    const gen = { tag: entry.tag, attrs: entry.attrs, content: entry.content };
    const lead = reasoning && {
      entry: { tag: reasoning.tag, attrs: reasoning.attrs, content: reasoning.content },
      index: reasoning.index,
    };
    deps.land({
      kind: 'append',
      entry: gen,
      index: entry.index,
      version,
      key: pendingKey(answerId),
      ...(lead && { lead }),
    });
    deps.answered?.();
    return { kind: 'answered' };
  } catch (error) {
    frames.cancel(frame);
    pending.remove(answerId);
    if (isCancelled(error)) return { kind: 'cancelled' };
    return { kind: 'failed', error, stored };
  } finally {
    if (queryOp !== null && !stored) pending.remove(queryOp);
  }
}

/** The `query` event's news: the question's entry is stored, and drawn where it is stored. */
export function landQuery(
  { land, pending }: Pick<AnswerStreamDeps, 'land' | 'pending'>,
  { qid, prompt, queryOp, parent, files = [] }: Omit<AnswerRequest, 'logid' | 'signal'>,
  { index, eid, parent: follows, version: written }: QueryEvent,
): void {
  const attrs = withFiles(parent === undefined ? { qid, eid } : { qid, parent, eid }, files);
  land({
    kind: 'append',
    entry: { tag: 'query', attrs, content: prompt },
    index,
    ...(queryOp !== null && { key: pendingKey(queryOp) }),
    ...(written !== undefined && { version: written }),
    ...(follows !== undefined && { follows }),
  });
  if (queryOp !== null) pending.settle(queryOp, written);
}

/**
 * How long the model thinks: from its first piece of thinking to the first piece of its answer,
 * shown as soon as the answer begins (the stored answer brings the server's own count).
 */
export function thinkingClock(now: () => number) {
  let from: number | null = null;
  let took: number | null = null;
  return {
    think: () => {
      from ??= now();
    },
    answer: () => {
      if (from !== null && took === null) took = now() - from;
    },
    started: () => from !== null,
    seconds: () => (took === null ? null : thoughtSeconds(took / 1000)),
  };
}
