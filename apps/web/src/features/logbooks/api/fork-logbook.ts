import type { Logbook } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useSaveMutation } from '../../../lib/cached-mutations';
import { savedLogbookKeys } from './logbook-keys';

/** Copies a salted logbook into a new private, unsalted one owned by the caller. */
export function forkLogbook(logid: string): Promise<Logbook> {
  return api.logbooks.fork(logid);
}

export function useForkLogbook() {
  return useSaveMutation(forkLogbook, savedLogbookKeys);
}
