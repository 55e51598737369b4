import type { QuerySubmit } from '@caravanserai/api';
import { type AnswerOutcome, type AnswerStreamDeps, isCancelled } from './answer-stream';

export interface ContinueRequest {
  logid: string;
  /** The stopped or cut answer: its eid, which the server joins the continuation to, and its index. */
  eid: string;
  index: number;
  /** Its question's text: the call requires a prompt, which a continuation does not use. */
  prompt: string;
  signal: AbortSignal;
}

/**
 * Streams the continuation of an answer that ended early (DESIGN 12) into that answer's row: the
 * text grows in place as deltas arrive, and on `done` the stored answer (same index, its text
 * joined, its marks of how it ended now the continuation's) replaces it in the log. Nothing new
 * is appended, so the `query` event changes nothing here.
 */
export async function streamContinuation(
  deps: AnswerStreamDeps,
  { logid, eid, index, prompt, signal }: ContinueRequest,
): Promise<AnswerOutcome> {
  const { pending, frames } = deps;
  const id = pending.add({ kind: 'continue', index, content: '', streaming: true });
  let buffer = '';
  let frame = 0;
  const flush = () => {
    frame = 0;
    const text = buffer;
    buffer = '';
    pending.change(id, (op) => (op.kind === 'continue' ? { ...op, content: op.content + text } : op));
  };
  try {
    const body: QuerySubmit = { logid, prompt, shell_mode: 'QUERY', continues: eid };
    const { entry, version } = await deps.stream(body, {
      signal,
      onDelta: (text) => {
        buffer += text;
        if (frame === 0) frame = frames.request(flush);
      },
    });
    frames.cancel(frame);
    // Drawn as stored until the log holds it (the next line), then dropped as reflected.
    pending.change(id, (op) =>
      op.kind === 'continue' ? { ...op, streaming: false, version, settledAt: deps.now() } : op,
    );
    deps.land({ kind: 'change', index: entry.index, content: entry.content, attrs: entry.attrs, version });
    deps.answered?.();
    return { kind: 'answered' };
  } catch (error) {
    frames.cancel(frame);
    pending.remove(id);
    if (isCancelled(error)) return { kind: 'cancelled' };
    return { kind: 'failed', error, stored: true };
  }
}
