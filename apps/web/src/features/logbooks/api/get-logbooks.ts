import type { LogbookSummary } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { requireToken } from '../../../lib/require-token';
import { logbookKeys } from './logbook-keys';

/** The signed-in user's logbooks. */
export async function getLogbooks(): Promise<LogbookSummary[]> {
  requireToken();
  return api.logbooks.list();
}

export const logbooksQueryOptions = () =>
  queryOptions({ queryKey: logbookKeys.list(), queryFn: getLogbooks });

export function useLogbooks() {
  return useQuery(logbooksQueryOptions());
}
