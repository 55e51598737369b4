import type { Logbook, LogbookCreate } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useSaveMutation } from '../../../lib/cached-mutations';
import { savedLogbookKeys } from './logbook-keys';

export function createLogbook(input: LogbookCreate): Promise<Logbook> {
  return api.logbooks.create(input);
}

export function useCreateLogbook() {
  return useSaveMutation(createLogbook, savedLogbookKeys);
}
