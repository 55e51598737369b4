import { ApiError, type QuerySubmit } from '@caravanserai/api';
import { NO_CONTEXT, newQid } from '@caravanserai/logbook';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api';
import type { PendingOps } from './use-pending-ops';
import type { WriteQueue } from './write-queue';

export const AI_FAILED = 'Error fetching response from AI.';

export interface AskFailure {
  reason: string | null;
}

function isCancelled(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  return error instanceof ApiError && error.status === 409 && hasCode(error.body, 'cancelled');
}

function hasCode(body: unknown, code: string): boolean {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === code;
}

/** The provider's reason when the server gave one, else what went wrong on the way. */
function reasonOf(error: unknown): string | null {
  if (error instanceof ApiError) {
    const body = error.body as { reason?: unknown } | null;
    if (body && typeof body.reason === 'string') return body.reason;
    return error.message === AI_FAILED ? null : error.message;
  }
  return error instanceof Error ? error.message : null;
}

/**
 * Sends a query and streams its answer into the log. The query shows at once (with its own qid,
 * so the server stores it under the same one), the answer grows as it arrives, and Stop cancels
 * the provider call on the server, which then stores no answer.
 */
export function useAsk({
  logid,
  ops,
  queue,
  context,
  memory,
  onSettled,
}: {
  logid: string;
  ops: PendingOps;
  queue: WriteQueue;
  /** The context entries' text at the moment of asking. */
  context: () => string;
  memory: () => boolean;
  onSettled: () => void;
}) {
  const [asking, setAsking] = useState<{ qid: string; controller: AbortController } | null>(null);
  const [failure, setFailure] = useState<AskFailure | null>(null);
  const current = useRef(asking);
  current.current = asking;

  // Leaving the page stops listening; the server still stores the answer.
  useEffect(() => () => current.current?.controller.abort(), []);

  /** Resolves with the prompt when it could not be stored, so the Scribe can give it back. */
  const ask = useCallback(
    async (prompt: string): Promise<string | null> => {
      setFailure(null);
      const qid = newQid();
      const queryId = ops.add({ kind: 'append', entry: { tag: 'query', attrs: { qid }, content: prompt } });
      const answerId = ops.add({ kind: 'answer', qid, content: '', streaming: true });
      const controller = new AbortController();
      setAsking({ qid, controller });
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
        const body: QuerySubmit = { logid, prompt, shell_mode: 'QUERY', qid };
        if (memory()) body.memory = true;
        else body.context = context() || NO_CONTEXT;
        const answer = await api.queries.stream(body, {
          signal: controller.signal,
          onQuery: () => {
            stored = true;
          },
          onDelta: (text) => {
            buffer += text;
            if (frame === 0) frame = requestAnimationFrame(flush);
          },
        });
        cancelAnimationFrame(frame);
        const settledAt = Date.now();
        const { version } = answer;
        ops.update(answerId, (op) =>
          op.kind === 'answer'
            ? { ...op, content: answer.entry.content, streaming: false, version, settledAt }
            : op,
        );
        ops.settle(queryId, version);
        return null;
      } catch (error) {
        cancelAnimationFrame(frame);
        ops.remove(answerId);
        ops.settle(queryId);
        if (isCancelled(error)) return null;
        setFailure({ reason: reasonOf(error) });
        return stored ? null : prompt;
      } finally {
        setAsking(null);
        onSettled();
      }
    },
    [logid, ops, queue, context, memory, onSettled],
  );

  const stop = useCallback(() => {
    const running = current.current;
    if (!running) return;
    // The server must hear the cancel: an abandoned stream would still be read and stored.
    api.queries
      .cancel({ logid, qid: running.qid })
      .catch(() => undefined)
      .finally(() => running.controller.abort());
  }, [logid]);

  return { ask, stop, asking: asking !== null, failure, dismissFailure: () => setFailure(null) };
}
