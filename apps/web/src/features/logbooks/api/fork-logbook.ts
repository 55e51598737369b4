import type { Logbook } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logbookKeys } from './logbook-keys';

/** Copies a salted logbook into a new private, unsalted one owned by the caller (spec 000 §4). */
export function forkLogbook(logid: string): Promise<Logbook> {
  return api.logbooks.fork(logid);
}

export function useForkLogbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forkLogbook,
    onSuccess: (fork) => {
      queryClient.setQueryData(logbookKeys.detail(fork.logid), fork);
      return queryClient.invalidateQueries({ queryKey: logbookKeys.list() });
    },
  });
}
