/**
 * Runs writes one after another, in the order the user made them: a second toggle on an entry
 * names the tag the first one set, so it must not reach the server first.
 */
export function createWriteQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task);
      tail = result.catch(() => undefined);
      return result;
    },
    /** Resolves once every write queued so far has settled. */
    drained(): Promise<void> {
      return tail.then(() => undefined);
    },
  };
}

export type WriteQueue = ReturnType<typeof createWriteQueue>;
