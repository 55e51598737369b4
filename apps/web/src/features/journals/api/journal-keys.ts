import type { Journal } from '@caravanserai/api';

/** Query keys of the journals area; invalidating `all` refreshes every journal list and page. */
export const journalKeys = {
  all: ['journals'] as const,
  list: () => [...journalKeys.all, 'list'] as const,
  detail: (jid: string) => [...journalKeys.all, 'detail', jid] as const,
};

/** Where a saved journal goes in the cache, and the list it changes. */
export const savedJournalKeys = {
  detail: (journal: Journal) => journalKeys.detail(journal.jid),
  list: journalKeys.list(),
};
