/**
 * Runs writes one after another, in the order the user made them: a second toggle on an entry
 * names the tag the first one set, so it must not reach the server first. `onIdle` runs once the
 * last queued write has settled, so a burst of clicks costs one reload, not one per click.
 */
export function createWriteQueue(onIdle: () => void) {
  let tail: Promise<unknown> = Promise.resolve();
  let size = 0;
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      size += 1;
      const result = tail.then(task);
      tail = result
        .catch(() => undefined)
        .then(() => {
          size -= 1;
          if (size === 0) onIdle();
        });
      return result;
    },
    /** Resolves once every write queued so far has settled. */
    drained(): Promise<void> {
      return tail.then(() => undefined);
    },
  };
}

export type WriteQueue = ReturnType<typeof createWriteQueue>;
