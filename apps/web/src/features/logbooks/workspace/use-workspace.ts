import type { CurrentUser, Logbook } from '@caravanserai/api';
import type { Tag } from '@caravanserai/logbook';
import { createState } from '@caravanserai/mapper';
import { useCallback, useMemo, useRef, useState } from 'react';
import { api } from '../../../lib/api';
import { tokenTotals } from './answer-meta';
import type { ConfirmedWrite } from './log-snapshot';
import { baseRows, displayRows, fetchedState, type LogRow } from './overlay';
import { useAsk } from './use-ask';
import { useEntryActions } from './use-entry-actions';
import { useEscapeToStop } from './use-escape-to-stop';
import { useLiveLogbook } from './use-live-logbook';
import { useLogSnapshot } from './use-log-snapshot';
import { useLogbookSettings } from './use-logbook-settings';
import { usePendingOps } from './use-pending-ops';
import { useShellBox } from './use-shell-box';
import { notifyWriteFailed } from './write-errors';
import { createWriteQueue } from './write-queue';

/**
 * Everything the logbook page does with its log: the parsed entries (kept in the query cache),
 * this page's pending changes drawn over them, the entry buttons and the inline editor, the
 * Scribe's sends and queries, the shell box, and the settings changed in place. Confirmed writes
 * of this page are applied to the parsed log; only writes from elsewhere make it read the log.
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
  const { snapshot, apply, latest } = useLogSnapshot(logbook, updatedAt);
  const { entries } = snapshot;
  const fetched = useMemo(
    () => (entries ? fetchedState(entries, snapshot.version, snapshot.updatedAt) : null),
    [entries, snapshot.version, snapshot.updatedAt],
  );
  const { live, actions: ops } = usePendingOps(fetched);
  const previousBase = useRef<LogRow[]>([]);
  const base = useMemo(() => {
    const rows = baseRows(entries ?? [], previousBase.current);
    previousBase.current = rows;
    return rows;
  }, [entries]);
  const rows = useMemo(() => displayRows(base, live), [base, live]);
  const totals = useMemo(() => tokenTotals(entries ?? []), [entries]);

  const liveLog = useLiveLogbook(logbook, snapshot, updatedAt);
  const land = useCallback(
    (write: ConfirmedWrite) => {
      const outcome = apply(write);
      if (outcome.kind === 'gap') liveLog.refetch();
      else if (outcome.kind === 'applied') liveLog.announce(outcome.version);
    },
    [apply, liveLog],
  );
  const queue = useMemo(createWriteQueue, []);
  const knownVersion = useCallback(() => latest().version, [latest]);
  const questionOf = useCallback(
    (qid: string) =>
      latest().entries?.findLast((entry) => entry.tag === 'query' && entry.attrs.qid === qid)?.content ??
      null,
    [latest],
  );

  const [mapperState] = useState(createState);
  const [toDelete, setToDelete] = useState<LogRow | null>(null);
  const closeDelete = useCallback(() => setToDelete(null), []);
  const [editingKey, setEditingKey] = useState<string | null>(null);

  const askLog = useMemo(() => ({ land }), [land]);
  const ask = useAsk({ logid, ops, queue, log: askLog, questionOf });
  useEscapeToStop(ask.asking, ask.stop);
  const askAgain = useCallback((qid: string) => void ask.retry(qid), [ask.retry]);

  const entryActions = useEntryActions({
    logid,
    pending: ops,
    queue,
    land,
    refetch: liveLog.refetch,
    knownVersion,
    confirmDelete: setToDelete,
    setEditing: setEditingKey,
    askAgain,
  });

  const send = useCallback(
    async (mode: Tag, text: string): Promise<string | null> => {
      if (mode === 'query') return ask.ask(text);
      const entry = { tag: mode, attrs: {}, content: text };
      const id = ops.add({ kind: 'append', entry });
      try {
        const result = await queue.run(() => api.entries.write({ logid, tag: mode, content: text }));
        ops.settle(id, result.version);
        land({ kind: 'append', entry, index: result.index, version: result.version });
        return null;
      } catch (error) {
        ops.remove(id);
        notifyWriteFailed(error);
        return text;
      }
    },
    [ask.ask, ops, queue, logid, land],
  );

  const shellChanged = useCallback(() => {
    onShellWrite();
    liveLog.refetch();
  }, [onShellWrite, liveLog]);
  const shell = useShellBox({
    logid,
    wellid: logbook.logwell,
    user,
    state: mapperState,
    onLogbookChanged: shellChanged,
  });

  const settings = useLogbookSettings(logbook);
  const isOwner = user !== null && user.username === logbook.owner.username;
  return {
    entries,
    rows,
    totals,
    isOwner,
    editable: isOwner && !logbook.salted,
    settings,
    entryActions,
    editingKey,
    toDelete,
    closeDelete,
    ask,
    send,
    shell,
  };
}
