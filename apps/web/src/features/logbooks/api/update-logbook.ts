import type { Logbook } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useSaveMutation } from '../../../lib/cached-mutations';
import { savedLogbookKeys } from './logbook-keys';

/** What the manage form may change (PUT title, description, private, logwell, journal, salted). */
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
  return useSaveMutation(updateLogbook, savedLogbookKeys);
}
