import type { Logbook } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logbookKeys } from './logbook-keys';

/** What the manage form may change (spec 000 §7: PUT title, description, private, logwell, journal, salted). */
export interface LogbookSettings {
  title: string;
  description: string;
  journal: string | null;
  logwell: string | null;
  private: boolean;
  salted: boolean;
}

export function updateLogbook({
  logid,
  settings,
}: {
  logid: string;
  settings: LogbookSettings;
}): Promise<Logbook> {
  return api.logbooks.update(logid, settings);
}

export function useUpdateLogbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLogbook,
    onSuccess: (logbook) => {
      queryClient.setQueryData(logbookKeys.detail(logbook.logid), logbook);
      return queryClient.invalidateQueries({ queryKey: logbookKeys.list() });
    },
  });
}
