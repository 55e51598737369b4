/** Query keys of the journals area; invalidating `all` refreshes every journal list and page. */
export const journalKeys = {
  all: ['journals'] as const,
  list: () => [...journalKeys.all, 'list'] as const,
  detail: (jid: string) => [...journalKeys.all, 'detail', jid] as const,
};
