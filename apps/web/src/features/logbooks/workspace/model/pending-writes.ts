import type { PendingWrites } from './answer-stream';
import type { PendingOp } from './overlay';

/** The session's pending writes over its state: each change is drawn at once. */
export function pendingWrites(
  current: () => readonly PendingOp[],
  set: (pending: readonly PendingOp[]) => void,
  now: () => number,
): PendingWrites {
  let nextId = 1;
  const writes: PendingWrites = {
    add: (op) => {
      const id = nextId++;
      set([...current(), { ...op, id } as PendingOp]);
      return id;
    },
    change: (id, change) => set(current().map((op) => (op.id === id ? change(op) : op))),
    settle: (id, version) => {
      const settledAt = now();
      writes.change(id, (op) => ({ ...op, settledAt, ...(version === undefined ? {} : { version }) }));
    },
    remove: (id) => set(current().filter((op) => op.id !== id)),
  };
  return writes;
}
