import type { LogbookVersion } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logbookKeys } from './logbook-keys';

/** How often an open logbook asks whether it changed elsewhere (another tab, the CLI). */
export const VERSION_POLL_MS = 4_000;

export function getLogbookVersion(logid: string): Promise<LogbookVersion> {
  return api.logbooks.version(logid);
}

export const logbookVersionQueryOptions = (logid: string) =>
  queryOptions({
    queryKey: logbookKeys.version(logid),
    queryFn: () => getLogbookVersion(logid),
    // The marker is tiny: ask on every focus and on a timer, which TanStack pauses in hidden tabs.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    // A logbook that became unreadable (deleted, made private) is not asked about again.
    refetchInterval: (query) => (query.state.status === 'error' ? false : VERSION_POLL_MS),
    refetchIntervalInBackground: false,
    retry: false,
  });

export function useLogbookVersion(logid: string, enabled: boolean) {
  return useQuery({ ...logbookVersionQueryOptions(logid), enabled });
}
