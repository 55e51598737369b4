import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logbookKeys } from './logbook-keys';

export function deleteLogbook(logid: string): Promise<void> {
  return api.logbooks.remove(logid);
}

export function useDeleteLogbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLogbook,
    onSuccess: (_nothing, logid) => {
      queryClient.removeQueries({ queryKey: logbookKeys.detail(logid) });
      return queryClient.invalidateQueries({ queryKey: logbookKeys.list() });
    },
  });
}
