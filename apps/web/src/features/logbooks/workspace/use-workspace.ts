import type { CurrentUser, Logbook } from '@caravanserai/api';
import { contextText, type Entry, parseLog, type Tag } from '@caravanserai/logbook';
import { createState } from '@caravanserai/mapper';
import { useCallback, useMemo, useRef, useState } from 'react';
import { api } from '../../../lib/api';
import { baseRows, displayRows, fetchedState, type LogRow } from './overlay';
import { useAsk } from './use-ask';
import { useEntryActions } from './use-entry-actions';
import { useLiveLogbook } from './use-live-logbook';
import { usePendingOps } from './use-pending-ops';
import { useShellBox } from './use-shell-box';
import { notifyWriteFailed } from './write-errors';
import { createWriteQueue } from './write-queue';

function readLog(log: string): Entry[] | null {
  try {
    return parseLog(log);
  } catch {
    return null;
  }
}

/**
 * Everything the logbook page does with its log: the parsed entries, this page's pending changes
 * drawn over them, the entry buttons, the Scribe's sends and queries, and the shell box. The
 * parse runs once per fetched log, not per render.
 */
export function useWorkspace({
  logbook,
  updatedAt,
  user,
  onShellWrite,
}: {
  logbook: Logbook;
  updatedAt: number;
  user: CurrentUser | null;
  /** The shell box changed the log: the page shows the end, where the change is. */
  onShellWrite: () => void;
}) {
  const { logid } = logbook;
  const entries = useMemo(() => readLog(logbook.log), [logbook.log]);
  const fetched = useMemo(
    () => (entries ? fetchedState(entries, logbook.version, updatedAt) : null),
    [entries, logbook.version, updatedAt],
  );
  const { live, actions: ops } = usePendingOps(fetched);
  const base = useMemo(() => baseRows(entries ?? []), [entries]);
  const rows = useMemo(() => displayRows(base, live), [base, live]);
  const latestRows = useRef(rows);
  latestRows.current = rows;

  const reload = useLiveLogbook(logbook, updatedAt);
  const queue = useMemo(() => createWriteQueue(reload), [reload]);

  // Memory is the shell's `memory on/off`; the Scribe's queries honour it too.
  const [mapperState] = useState(createState);
  const [memory, setMemory] = useState(mapperState.memory);
  const syncMemory = useCallback(() => setMemory(mapperState.memory), [mapperState]);

  const [toDelete, setToDelete] = useState<LogRow | null>(null);
  const closeDelete = useCallback(() => setToDelete(null), []);
  const entryActions = useEntryActions({ logid, pending: ops, queue, confirmDelete: setToDelete });

  const readContext = useCallback(() => contextText(latestRows.current.map((row) => row.entry)), []);
  const readMemory = useCallback(() => mapperState.memory, [mapperState]);
  const ask = useAsk({ logid, ops, queue, context: readContext, memory: readMemory, onSettled: reload });

  const send = useCallback(
    async (mode: Tag, text: string): Promise<string | null> => {
      if (mode === 'query') return ask.ask(text);
      const id = ops.add({ kind: 'append', entry: { tag: mode, attrs: {}, content: text } });
      try {
        const result = await queue.run(() => api.tags.submit({ logid, tag: mode, content: text }));
        ops.settle(id, result.version);
        return null;
      } catch (error) {
        ops.remove(id);
        notifyWriteFailed(error);
        return text;
      }
    },
    [ask.ask, ops, queue, logid],
  );

  const shellChanged = useCallback(() => {
    onShellWrite();
    reload();
  }, [onShellWrite, reload]);
  const shell = useShellBox({
    logid,
    wellid: logbook.logwell,
    user,
    state: mapperState,
    onLogbookChanged: shellChanged,
    onStateChanged: syncMemory,
  });

  const isOwner = user !== null && user.username === logbook.owner.username;
  return {
    entries,
    rows,
    isOwner,
    editable: isOwner && !logbook.salted,
    memory,
    entryActions,
    toDelete,
    closeDelete,
    ask,
    send,
    shell,
  };
}
