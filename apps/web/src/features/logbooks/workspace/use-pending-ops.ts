import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FetchedState, isReflected, type PendingOp } from './overlay';

type NewOp = PendingOp extends infer O ? (O extends PendingOp ? Omit<O, 'id'> : never) : never;

/** This page's unconfirmed changes; those a fetch already shows are dropped, before they are drawn twice. */
export function usePendingOps(fetched: FetchedState | null) {
  const [ops, setOps] = useState<PendingOp[]>([]);
  const nextId = useRef(1);

  const add = useCallback((op: NewOp): number => {
    const id = nextId.current++;
    setOps((current) => [...current, { ...op, id } as PendingOp]);
    return id;
  }, []);

  const update = useCallback((id: number, change: (op: PendingOp) => PendingOp) => {
    setOps((current) => current.map((op) => (op.id === id ? change(op) : op)));
  }, []);

  const remove = useCallback((id: number) => {
    setOps((current) => current.filter((op) => op.id !== id));
  }, []);

  /** Marks a write as done: `version` is the logbook version it produced, when the server said. */
  const settle = useCallback(
    (id: number, version?: number) => {
      const settledAt = Date.now();
      update(id, (op) => ({ ...op, settledAt, ...(version === undefined ? {} : { version }) }));
    },
    [update],
  );

  const live = useMemo(() => (fetched ? ops.filter((op) => !isReflected(op, fetched)) : ops), [ops, fetched]);

  // Forget what the fetched log now holds, so the list of ops stays short.
  useEffect(() => {
    if (!fetched) return;
    setOps((current) => {
      const kept = current.filter((op) => !isReflected(op, fetched));
      return kept.length === current.length ? current : kept;
    });
  }, [fetched]);

  const actions = useMemo(() => ({ add, update, remove, settle }), [add, update, remove, settle]);
  return { live, actions };
}

/** The stable half of usePendingOps: functions that change the ops, safe to pass to memoised rows. */
export type PendingOps = ReturnType<typeof usePendingOps>['actions'];
