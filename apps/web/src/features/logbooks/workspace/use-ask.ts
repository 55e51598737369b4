import { ApiError, type QuerySubmit } from '@caravanserai/api';
import { newQid } from '@caravanserai/logbook';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api';
import type { ConfirmedWrite } from './log-snapshot';
import type { PendingOps } from './use-pending-ops';
import type { WriteQueue } from './write-queue';

/** A query that got no answer: the error, and the qid to ask again when its entry was stored. */
export interface AskFailure {
  error: unknown;
  qid: string | null;
}

/** Where confirmed writes go: the page's snapshot of the log (and word of them to other tabs). */
export interface AskLog {
  land(write: ConfirmedWrite): void;
}

interface Running {
  qid: string;
  controller: AbortController;
  stopping: boolean;
}

function isCancelled(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  return error instanceof ApiError && error.code === 'cancelled';
}

/**
 * Sends a query and streams its answer into the log. The query shows at once (with its own qid,
 * so the server stores it under the same one), the answer grows as it arrives, and the stored
 * answer the stream ends with is put straight into the page's log. Stop asks the server to stop:
 * the text that arrived is stored as a stopped answer (nothing, when none had arrived). `retry`
 * asks a stored query again: the server sends it as it is stored now and adds a new answer.
 */
export function useAsk({
  logid,
  ops,
  queue,
  log,
  questionOf,
}: {
  logid: string;
  ops: PendingOps;
  queue: WriteQueue;
  log: AskLog;
  /** The stored text of the query with this qid, or null when there is none. */
  questionOf: (qid: string) => string | null;
}) {
  const [running, setRunning] = useState<Running | null>(null);
  const [failure, setFailure] = useState<AskFailure | null>(null);
  const current = useRef(running);
  current.current = running;

  // Leaving the page stops listening; the server still stores the answer.
  useEffect(() => () => current.current?.controller.abort(), []);

  /** Streams the answer to `qid`; `queryOp` is the pending query entry of a new question. */
  const run = useCallback(
    async (qid: string, prompt: string, queryOp: number | null): Promise<string | null> => {
      setFailure(null);
      const answerId = ops.add({ kind: 'answer', qid, content: '', streaming: true });
      const controller = new AbortController();
      setRunning({ qid, controller, stopping: false });
      let stored = false;
      let buffer = '';
      let frame = 0;
      // Deltas can come faster than frames: they are drawn at most once per frame.
      const flush = () => {
        frame = 0;
        const text = buffer;
        buffer = '';
        ops.update(answerId, (op) => (op.kind === 'answer' ? { ...op, content: op.content + text } : op));
      };
      try {
        // Entries sent just before (a context, a comment) are stored before the query.
        await queue.drained();
        // The server follows the logbook's memory setting and reads its context entries.
        const body: QuerySubmit = { logid, prompt, shell_mode: 'QUERY', qid };
        const answer = await api.queries.stream(body, {
          signal: controller.signal,
          onQuery: ({ index }) => {
            stored = true;
            log.land({ kind: 'append', entry: { tag: 'query', attrs: { qid }, content: prompt }, index });
            if (queryOp !== null) ops.settle(queryOp);
          },
          onDelta: (text) => {
            buffer += text;
            if (frame === 0) frame = requestAnimationFrame(flush);
          },
        });
        cancelAnimationFrame(frame);
        const { entry, version } = answer;
        ops.update(answerId, (op) =>
          op.kind === 'answer'
            ? {
                ...op,
                content: entry.content,
                attrs: entry.attrs,
                streaming: false,
                version,
                settledAt: Date.now(),
              }
            : op,
        );
        const gen = { tag: entry.tag, attrs: entry.attrs, content: entry.content };
        log.land({ kind: 'append', entry: gen, index: entry.index, version });
        return null;
      } catch (error) {
        cancelAnimationFrame(frame);
        ops.remove(answerId);
        if (isCancelled(error)) return null;
        setFailure({ error, qid: stored || queryOp === null ? qid : null });
        return stored || queryOp === null ? null : prompt;
      } finally {
        // A query the server never stored is not drawn any longer (the Scribe gets it back).
        if (queryOp !== null && !stored) ops.remove(queryOp);
        setRunning(null);
      }
    },
    [logid, ops, queue, log],
  );

  /** Resolves with the prompt when it could not be stored, so the Scribe can give it back. */
  const ask = useCallback(
    (prompt: string): Promise<string | null> => {
      const qid = newQid();
      const queryOp = ops.add({ kind: 'append', entry: { tag: 'query', attrs: { qid }, content: prompt } });
      return run(qid, prompt, queryOp);
    },
    [ops, run],
  );

  /** Asks the stored query `qid` again (a retry, a new answer, an edited question). */
  const retry = useCallback(
    async (qid: string): Promise<void> => {
      if (current.current) return;
      const question = questionOf(qid);
      if (question === null || question.trim() === '') return;
      await run(qid, question, null);
    },
    [questionOf, run],
  );

  const stop = useCallback(() => {
    const asking = current.current;
    if (!asking || asking.stopping) return;
    setRunning({ ...asking, stopping: true });
    // The stream is read on: it ends with the stored part of the answer, or 'cancelled'. Only when
    // the server cannot be told is the stream dropped (the server then stores the whole answer).
    api.queries.cancel({ logid, qid: asking.qid }).catch(() => asking.controller.abort());
  }, [logid]);

  return {
    ask,
    retry,
    stop,
    asking: running !== null,
    askingQid: running?.qid ?? null,
    stopping: running?.stopping ?? false,
    failure,
    dismissFailure: useCallback(() => setFailure(null), []),
  };
}
