import type { QueryResult, QuerySubmit } from '@caravanserai/api';
import type { z } from 'zod';
import type { Access } from '../../access/access.js';
import type { UserRow } from '../../db/database.js';
import { Conflict, fieldError } from '../../errors.js';
import { type AnswerOutcome, readAnswer } from './answer-reading.js';
import type { AnsweredQuery, AnswerRecorder } from './answer-recorder.js';
import type { AutoTitles } from './auto-title.js';
import { type LaneEvent, laned, merge } from './lanes.js';
import { AI_FAILED, CANCELLED, QueryFailed } from './query-errors.js';
import type { PreparedAsk, PreparedQuery, QueryPreparation } from './query-preparation.js';
import type { StopSignals } from './stop-signals.js';

export type { PreparedQuery } from './query-preparation.js';

type Input = z.output<typeof QuerySubmit>;

export type StreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'done'; data: QueryResult['data'] }
  | { type: 'error'; detail: string; reason: string }
  | { type: 'cancelled'; detail: string };

export interface QueryServiceOptions {
  timeoutMs: number;
  /** The longest answer stored; the provider's stream is not read past it. */
  maxAnswerChars: number;
}

/**
 * Query submit: store the query (once per qid), ask the well, store the answer as a gen entry and
 * record usage. A failure keeps the query entry and stores no answer. The plain route is the
 * streaming one read to its end: both read the provider's answer as a stream, up to the cap.
 */
export class QueryService {
  constructor(
    private readonly access: Access,
    private readonly preparation: QueryPreparation,
    private readonly recorder: AnswerRecorder,
    private readonly titles: AutoTitles,
    private readonly stops: StopSignals,
    private readonly options: QueryServiceOptions,
  ) {}

  /** Checks and stores a question; its answers are then read with `stream` (or `streamAll`). */
  prepare(user: UserRow, input: Input): Promise<PreparedAsk> {
    return this.preparation.prepare(user, input);
  }

  async submit(user: UserRow, input: Input): Promise<QueryResult> {
    if (input.wellids !== undefined)
      throw fieldError('wellids', 'A compare streams its answers: ask it through /journals/query/stream/.');
    const { answers } = await this.prepare(user, input);
    for await (const event of this.stream(answers[0]!, false)) {
      if (event.type === 'done') return { modified_status: true, data: event.data };
      if (event.type === 'cancelled') throw Conflict(CANCELLED, 'cancelled');
      if (event.type === 'error') throw new QueryFailed(event.reason);
    }
    throw new Error('The answer stream ended without an outcome.');
  }

  /**
   * Yields text deltas as they arrive, then `done` with the stored entry, `error` or `cancelled`.
   * The caller may stop listening; the answer is still read to its end (or its cap) and stored.
   * Stopped by its owner, what arrived is stored as the answer, marked as stopped.
   */
  async *stream(q: PreparedQuery, streamed = true): AsyncGenerator<StreamEvent> {
    const use = { recorded: false };
    try {
      yield* this.read(q, streamed, use);
    } finally {
      // A recorded usage row has replaced the reservation; without one, it is freed here.
      if (!use.recorded) await q.admission.release();
    }
  }

  /**
   * Every answer of a question, read at once, their events as they come: a compare's answers
   * stream side by side, none waiting for another.
   */
  streamAll(answers: readonly PreparedQuery[]): AsyncGenerator<LaneEvent> {
    return merge(answers.map((q) => laned(this.stream(q), q.lane)));
  }

  private async *read(
    q: PreparedQuery,
    streamed: boolean,
    use: { recorded: boolean },
  ): AsyncGenerator<StreamEvent> {
    const answered: AnsweredQuery = { ...q, started: performance.now(), streamed };
    const call = await this.stops.begin(q.logid, q.qid, q.lane);
    let outcome: AnswerOutcome;
    try {
      outcome = yield* readAnswer(q, call, {
        // A continuation joins its answer: together they stay within the cap.
        answerChars: this.options.maxAnswerChars - (q.continuing?.text.length ?? 0),
        reasoningChars: this.options.maxAnswerChars,
      });
    } finally {
      await call.end();
    }
    if (outcome.kind === 'cancelled') {
      await this.recorder.cancelled(answered);
      use.recorded = true;
      yield { type: 'cancelled', detail: CANCELLED };
    } else if (outcome.kind === 'failed') {
      const error = await this.recorder.failed(answered, outcome.failure);
      use.recorded = true;
      yield { type: 'error', detail: AI_FAILED, reason: error.reason };
    } else {
      const data = await this.recorder.stored(answered, outcome.read);
      use.recorded = true;
      if (q.titling) this.titles.start(q.titling, outcome.read.text);
      yield { type: 'done', data };
    }
  }

  /**
   * Stops a query in flight (the Scribe's stop button), in whichever server process runs it: the
   * text that arrived is stored as the answer, marked as stopped; the query entry stays either way.
   */
  async cancel(user: UserRow, logid: string, qid: string): Promise<{ cancelled: boolean }> {
    await this.access.writableLogbook(user, logid);
    return { cancelled: await this.stops.stop(logid, qid) };
  }
}
