import type { Logbook, LogbookCreate } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logbookKeys } from './logbook-keys';

export function createLogbook(input: LogbookCreate): Promise<Logbook> {
  return api.logbooks.create(input);
}

export function useCreateLogbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLogbook,
    onSuccess: (logbook) => {
      queryClient.setQueryData(logbookKeys.detail(logbook.logid), logbook);
      return queryClient.invalidateQueries({ queryKey: logbookKeys.list() });
    },
  });
}
