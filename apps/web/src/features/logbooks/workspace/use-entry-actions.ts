import { ApiError } from '@caravanserai/api';
import { applyToggle, type Toggle } from '@caravanserai/logbook';
import { useMemo, useRef } from 'react';
import { api } from '../../../lib/api';
import type { ConfirmedWrite } from './log-snapshot';
import type { LogRow } from './overlay';
import type { PendingOps } from './use-pending-ops';
import { notifyWriteFailed } from './write-errors';
import type { WriteQueue } from './write-queue';

/** What a row's buttons and its inline editor can do. */
export interface EntryActions {
  toggle(row: LogRow, toggle: Toggle): void;
  /** Asks first (the spec's confirmation). */
  remove(row: LogRow): void;
  edit(row: LogRow): void;
  cancelEdit(): void;
  /** The text typed in the open editor, kept while its row scrolls out of the page and back. */
  draft(row: LogRow): string | undefined;
  keepDraft(row: LogRow, text: string): void;
  /** Resolves true once stored; `resend` then asks the edited query again. */
  save(row: LogRow, content: string, resend: boolean): Promise<boolean>;
  /** Asks the row's query again: a retry for a query, a new answer for an answer. */
  ask(row: LogRow): void;
}

/**
 * The entry buttons and the inline editor: each change re-tags, edits or blanks one entry by its
 * index, never rewriting the log. The change shows at once and is applied to the page's log when
 * the server confirms it. A toggle names the tag the entry has now and an edit the version the
 * page knows, so the server refuses (409) a change to an entry someone else changed first; the
 * page then reads the log again.
 */
export function useEntryActions({
  logid,
  pending,
  queue,
  land,
  refetch,
  knownVersion,
  confirmDelete,
  setEditing,
  askAgain,
}: {
  logid: string;
  pending: PendingOps;
  queue: WriteQueue;
  land: (write: ConfirmedWrite) => void;
  refetch: () => void;
  /** The version of the log as this page knows it now. */
  knownVersion: () => number;
  confirmDelete: (row: LogRow) => void;
  setEditing: (key: string | null) => void;
  askAgain: (qid: string) => void;
}): EntryActions & { blank(row: LogRow): void } {
  const drafts = useRef(new Map<string, string>());
  return useMemo(() => {
    const closeEditor = () => {
      drafts.current.clear();
      setEditing(null);
    };
    const failed = (id: number, error: unknown) => {
      pending.remove(id);
      notifyWriteFailed(error);
      if (error instanceof ApiError && (error.code === 'stale_version' || error.code === 'conflict'))
        refetch();
    };
    const write = (
      id: number,
      send: () => Promise<{ version: number }>,
      change: (version: number) => ConfirmedWrite,
    ) => {
      queue.run(send).then(
        (result) => {
          pending.settle(id, result.version);
          land(change(result.version));
        },
        (error: unknown) => failed(id, error),
      );
    };
    return {
      toggle(row, toggle) {
        const index = row.index;
        if (index === null) return;
        const tag = row.entry.tag;
        const freshTag = applyToggle(tag, toggle);
        const id = pending.add({ kind: 'retag', index, tag: freshTag });
        write(
          id,
          () => api.entries.write({ logid, tag, index, fresh_tag: freshTag }),
          (version) => ({ kind: 'change', index, tag: freshTag, version }),
        );
      },
      remove: confirmDelete,
      blank(row) {
        const index = row.index;
        if (index === null) return;
        const id = pending.add({ kind: 'blank', index });
        write(
          id,
          () => api.entries.write({ logid, tag: row.entry.tag, index, content: '' }),
          (version) => ({ kind: 'change', index, content: '', version }),
        );
      },
      edit(row) {
        if (row.index === null) return;
        drafts.current.clear();
        setEditing(row.key);
      },
      cancelEdit: closeEditor,
      draft: (row) => drafts.current.get(row.key),
      keepDraft(row, text) {
        drafts.current.set(row.key, text);
      },
      async save(row, content, resend) {
        const index = row.index;
        if (index === null) return false;
        const id = pending.add({ kind: 'edit', index, content });
        try {
          // Read when the write's turn comes, after the writes queued before it have landed.
          const result = await queue.run(() =>
            api.entries.write({ logid, tag: row.entry.tag, index, content, version: knownVersion() }),
          );
          pending.settle(id, result.version);
          land({ kind: 'change', index, content, version: result.version });
          closeEditor();
          const qid = row.entry.attrs.qid;
          if (resend && row.entry.tag === 'query' && qid !== undefined) askAgain(qid);
          return true;
        } catch (error) {
          failed(id, error);
          return false;
        }
      },
      ask(row) {
        const qid = row.entry.attrs.qid;
        if (qid !== undefined) askAgain(qid);
      },
    };
  }, [logid, pending, queue, land, refetch, knownVersion, confirmDelete, setEditing, askAgain]);
}
