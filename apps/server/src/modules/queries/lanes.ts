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
  const next = (i: number) => iterators[i]!.next().then((result) => ({ i, result }));
  const pending = new Map(iterators.map((_, i) => [i, next(i)]));
  try {
    while (pending.size > 0) {
      const { i, result } = await Promise.race(pending.values());
      if (result.done) pending.delete(i);
      else {
        pending.set(i, next(i));
        yield result.value;
      }
    }
  } finally {
    // Left early: the answers still running are read to their end, unheard.
    for (const [i, waiting] of pending) void drain(iterators[i]!, waiting);
  }
}

async function drain<T>(iterator: AsyncIterator<T>, waiting: Promise<{ result: IteratorResult<T> }>) {
  let { result } = await waiting;
  while (!result.done) result = await iterator.next();
}
