import type { Logbook } from '@caravanserai/api';

/** Query keys of the logbooks area; invalidating `all` refreshes every logbook list and page. */
export const logbookKeys = {
  all: ['logbooks'] as const,
  list: () => [...logbookKeys.all, 'list'] as const,
  /** The logbook without its log (LogbookOverview); a saved Logbook fills it too. */
  detail: (logid: string) => [...logbookKeys.all, 'detail', logid] as const,
  version: (logid: string) => [...logbookKeys.all, 'version', logid] as const,
  /** The newest page of a logbook's active path. */
  entries: (logid: string) => [...logbookKeys.all, 'entries', logid] as const,
  /** What a logbook's answers took. */
  tokens: (logid: string) => [...logbookKeys.all, 'tokens', logid] as const,
  /** The wells a logbook's owner may attach it to. */
  wells: () => [...logbookKeys.all, 'wells'] as const,
  choices: () => [...logbookKeys.all, 'choices'] as const,
};

/** Where a saved logbook goes in the cache, and the list it changes. */
export const savedLogbookKeys = {
  detail: (logbook: Logbook) => logbookKeys.detail(logbook.logid),
  list: logbookKeys.list(),
};
