/** Query keys of the logbooks area; invalidating `all` refreshes every logbook list and page. */
export const logbookKeys = {
  all: ['logbooks'] as const,
  list: () => [...logbookKeys.all, 'list'] as const,
  detail: (logid: string) => [...logbookKeys.all, 'detail', logid] as const,
  version: (logid: string) => [...logbookKeys.all, 'version', logid] as const,
  choices: () => [...logbookKeys.all, 'choices'] as const,
};
