import { formatStreamEvent } from '@caravanserai/api';
import { NotFound } from '../../errors.js';
import type { EventStream } from '../../lib/event-stream.js';
import type { AnswerEventsChunk, AnswerEventsRepository } from './answer-events.repository.js';
import { AI_FAILED } from './query-errors.js';

/** Events are written in chunks at most this long after the first of them went out... */
const FLUSH_MS = 100;
/** ...and a chunk, empty if need be, at least this often, so a reader knows the answer still runs. */
const HEARTBEAT_MS = 5_000;
/** A resumed stream that hears nothing for this long was left by a process that stopped. */
const INTERRUPTED_MS = 15_000;
/** How often a resumed stream looks for the next events. */
const POLL_MS = 200;
/** How long a resume waits for the first events of a stream that has only just begun. */
const FIND_WAIT_MS = 1_000;
/** Kept events are deleted this long after they were written (no answer streams for longer). */
const KEEP_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60_000;

export const INTERRUPTED_REASON = 'The answer was interrupted. Ask again.';

export interface AnswerEventsOptions {
  onError: (error: unknown) => void;
  /** Shorter intervals for tests. */
  heartbeatMs?: number;
  interruptedMs?: number;
}

/** One answer stream as it is written: its events numbered, sent and kept. */
export interface Recording {
  /** The number (`id`) the next event goes out with. */
  next(): number;
  keep(seq: number, frame: string): void;
  /** The stream ended: its last events are kept, marked as the end. */
  finish(): Promise<void>;
}

/**
 * Resumable answer streams (DESIGN 9). Each event of an answer stream has an `id`, its number in
 * the stream, and is kept in the database, in chunks written as the answer goes, until an hour
 * later. A client whose stream was cut (a proxy's timeout, a network change) reconnects to any
 * server process with `GET /journals/query/stream/?logid&qid` and `Last-Event-ID`, and is sent
 * the events after it, then the rest as they are written, to the end.
 */
export class AnswerEvents {
  private lastSweep = 0;

  constructor(
    private readonly repo: AnswerEventsRepository,
    private readonly options: AnswerEventsOptions,
  ) {}

  record(userId: number, logid: string, qid: string): Recording {
    this.sweep();
    const { repo, options } = this;
    let seq = 0;
    let chunk = 0;
    let pending: string[] = [];
    let firstSeq = 1;
    let flushTimer: NodeJS.Timeout | undefined;
    // An earlier stream of the same query (asked again) is forgotten before this one is kept.
    let written: Promise<void> = repo.forget(logid, qid).catch(options.onError);
    const flush = (ended: boolean) => {
      clearTimeout(flushTimer);
      flushTimer = undefined;
      const row: AnswerEventsChunk = {
        logid,
        qid,
        chunk: chunk++,
        user_id: userId,
        first_seq: pending.length > 0 ? firstSeq : seq + 1,
        frames: JSON.stringify(pending),
        ended: ended ? 1 : 0,
        at: Date.now(),
      };
      pending = [];
      written = written.then(() => repo.insert(row)).catch(options.onError);
      heartbeat.refresh();
    };
    const heartbeat = setInterval(() => flush(false), options.heartbeatMs ?? HEARTBEAT_MS).unref();
    return {
      next: () => ++seq,
      keep(number, frame) {
        if (pending.length === 0) firstSeq = number;
        pending.push(frame);
        // The first event (the stored query) is kept at once: it says what there is to resume.
        if (chunk === 0) flush(false);
        else flushTimer ??= setTimeout(() => flush(false), FLUSH_MS).unref();
      },
      async finish() {
        flush(true);
        // After the last flush, whose refresh would otherwise start the heartbeat again.
        clearInterval(heartbeat);
        await written;
      },
    };
  }

  /**
   * The kept events of the user's stream of the query, from the start; 404 when there are none,
   * after a moment's wait for a stream that has only just begun.
   */
  async find(userId: number, logid: string, qid: string): Promise<AnswerEventsChunk[]> {
    for (let waited = 0; ; waited += POLL_MS) {
      const chunks = await this.repo.from(userId, logid, qid, 0);
      if (chunks.length > 0) return chunks;
      if (waited >= FIND_WAIT_MS)
        throw NotFound('No answer of this query is streaming or was streamed lately.');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /**
   * Sends the events after `lastSeq` of `chunks`, then the ones written after them, until the
   * stream's end, the client's leaving, or a silence that says the process running it stopped.
   */
  async follow(
    userId: number,
    logid: string,
    qid: string,
    chunks: AnswerEventsChunk[],
    lastSeq: number,
    stream: EventStream,
  ): Promise<void> {
    let gone = false;
    stream.onClose(() => {
      gone = true;
    });
    let next = 0;
    let heardAt = Date.now();
    for (;;) {
      for (const chunk of chunks) {
        const frames = JSON.parse(chunk.frames) as string[];
        frames.forEach((frame, i) => {
          const seq = chunk.first_seq + i;
          if (seq <= lastSeq) return;
          stream.write(frame);
          lastSeq = seq;
        });
        next = chunk.chunk + 1;
        heardAt = Date.now();
        if (chunk.ended) return;
      }
      if (gone) return;
      if (Date.now() - heardAt > (this.options.interruptedMs ?? INTERRUPTED_MS)) {
        const error = { detail: AI_FAILED, reason: INTERRUPTED_REASON, code: 'provider_error' as const };
        stream.write(formatStreamEvent({ event: 'error', data: error }, String(lastSeq + 1)));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      chunks = await this.repo.from(userId, logid, qid, next);
    }
  }

  /** At most once a minute, the events of streams ended long ago are deleted. */
  private sweep(): void {
    const at = Date.now();
    if (at - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = at;
    this.repo.deleteBefore(at - KEEP_MS).catch(this.options.onError);
  }
}
