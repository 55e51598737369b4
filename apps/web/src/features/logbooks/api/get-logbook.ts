import type { EntriesPage, LogbookOverview, LogbookTokens } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PAGE_SIZE } from './log-page';
import { logbookKeys } from './logbook-keys';

/**
 * One logbook without its log; public ones load for anyone, private ones for their owner. The
 * workspace reads the entries a page at a time (logbookPageQueryOptions), the log never whole.
 */
export function getLogbook(logid: string): Promise<LogbookOverview> {
  return api.logbooks.overview(logid);
}

export const logbookQueryOptions = (logid: string) =>
  queryOptions({
    queryKey: logbookKeys.detail(logid),
    queryFn: () => getLogbook(logid),
    // An open logbook asks its small version marker on focus (useVersionMarker) and reads again
    // only when that marker says it changed.
    refetchOnWindowFocus: false,
  });

export function useLogbook(logid: string) {
  return useQuery(logbookQueryOptions(logid));
}

/** The newest page of the logbook's active path: what its page shows first. */
export const logbookPageQueryOptions = (logid: string) =>
  queryOptions({
    queryKey: logbookKeys.entries(logid),
    queryFn: (): Promise<EntriesPage> => api.logbooks.entries(logid, { limit: PAGE_SIZE }),
    refetchOnWindowFocus: false,
  });

export function useLogbookPage(logid: string) {
  return useQuery(logbookPageQueryOptions(logid));
}

/** What the logbook's answers took; read again when answers are stored or read. */
export function useLogbookTokens(logid: string) {
  return useQuery({
    queryKey: logbookKeys.tokens(logid),
    queryFn: (): Promise<LogbookTokens> => api.logbooks.tokens(logid),
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
