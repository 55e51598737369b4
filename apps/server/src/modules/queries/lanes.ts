import type { StreamEvent } from './query.service.js';

/** An answer's event with the lane it belongs to (undefined for a single answer). */
export type LaneEvent = StreamEvent & { lane?: number };

/** Tags each event of one answer with its lane. */
export async function* laned(
  events: AsyncIterable<StreamEvent>,
  lane: number | undefined,
): AsyncGenerator<LaneEvent> {
  for await (const event of events) yield lane === undefined ? event : { ...event, lane };
}

/**
 * The events of several answers as they come, none waiting for another; ends when all have ended.
 * Each answer is read to its end even when the reader stops listening (it is stored either way).
 */
export async function* merge<T>(sources: readonly AsyncIterable<T>[]): AsyncGenerator<T> {
  const iterators = sources.map((source) => source[Symbol.asyncIterator]());
  type Step = { i: number; result: IteratorResult<T> } | { i: number; error: unknown };
  const next = (i: number): Promise<Step> =>
    iterators[i]!.next().then(
      (result) => ({ i, result }),
      (error: unknown) => ({ i, error }),
    );
  const pending = new Map(iterators.map((_, i) => [i, next(i)]));
  try {
    while (pending.size > 0) {
      const step = await Promise.race(pending.values());
      pending.delete(step.i);
      if ('error' in step) throw step.error;
      if (step.result.done) continue;
      pending.set(step.i, next(step.i));
      yield step.result.value;
    }
  } finally {
    // Left early (or one answer failed to be stored): the others still running are read to their
    // end, unheard; what they store is theirs, and a failure of theirs has nobody left to tell.
    for (const [i, waiting] of pending) void drain(iterators[i]!, waiting);
  }
}

async function drain<T>(iterator: AsyncIterator<T>, waiting: Promise<object>) {
  try {
    const step = await waiting;
    let result = 'result' in step ? (step.result as IteratorResult<T>) : undefined;
    while (result && !result.done) result = await iterator.next();
  } catch {
    // See above: nobody is listening any more.
  }
}
