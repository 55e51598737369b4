import { applyToggle, type Toggle } from '@caravanserai/logbook';
import { useMemo } from 'react';
import { api } from '../../../lib/api';
import type { EntryActions } from './entry-row';
import type { LogRow } from './overlay';
import type { PendingOps } from './use-pending-ops';
import { notifyWriteFailed } from './write-errors';
import type { WriteQueue } from './write-queue';

/**
 * The # C M X buttons: each re-tags (or blanks) one entry by its index, never rewriting the log.
 * The change shows at once; the request names the tag the entry has now, so the server refuses
 * (409) a change to an entry someone else changed first, and the page reloads.
 */
export function useEntryActions({
  logid,
  pending,
  queue,
  confirmDelete,
}: {
  logid: string;
  pending: PendingOps;
  queue: WriteQueue;
  confirmDelete: (row: LogRow) => void;
}): EntryActions & { blank(row: LogRow): void } {
  return useMemo(() => {
    const write = (id: number, send: () => Promise<{ version: number }>) => {
      queue.run(send).then(
        (result) => pending.settle(id, result.version),
        (error: unknown) => {
          pending.remove(id);
          notifyWriteFailed(error);
        },
      );
    };
    return {
      toggle(row: LogRow, toggle: Toggle) {
        const index = row.index;
        if (index === null) return;
        const tag = row.entry.tag;
        const freshTag = applyToggle(tag, toggle);
        const id = pending.add({ kind: 'retag', index, tag: freshTag });
        write(id, () => api.tags.submit({ logid, tag, index, fresh_tag: freshTag }));
      },
      remove: confirmDelete,
      blank(row: LogRow) {
        const index = row.index;
        if (index === null) return;
        const id = pending.add({ kind: 'blank', index });
        write(id, () => api.tags.submit({ logid, tag: row.entry.tag, index, content: '' }));
      },
    };
  }, [logid, pending, queue, confirmDelete]);
}
