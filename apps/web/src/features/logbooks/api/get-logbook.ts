import type { Logbook } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logbookKeys } from './logbook-keys';

/** One logbook with its log; public ones load for anyone, private ones for their owner. */
export function getLogbook(logid: string): Promise<Logbook> {
  return api.logbooks.get(logid);
}

export const logbookQueryOptions = (logid: string) =>
  queryOptions({
    queryKey: logbookKeys.detail(logid),
    queryFn: () => getLogbook(logid),
    // An open logbook asks its small version marker on focus (useLiveLogbook) and reads the whole
    // log only when that marker says it changed.
    refetchOnWindowFocus: false,
  });

export function useLogbook(logid: string) {
  return useQuery(logbookQueryOptions(logid));
}
