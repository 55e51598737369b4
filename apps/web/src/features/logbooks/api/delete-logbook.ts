import { api } from '../../../lib/api';
import { useRemoveMutation } from '../../../lib/cached-mutations';
import { logbookKeys } from './logbook-keys';

export function deleteLogbook(logid: string): Promise<void> {
  return api.logbooks.remove(logid);
}

export function useDeleteLogbook() {
  return useRemoveMutation(deleteLogbook, { detail: logbookKeys.detail, list: logbookKeys.list() });
}
