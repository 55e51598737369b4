import { api } from '../../../lib/api';
import { useRemoveMutation } from '../../../lib/cached-mutations';
import { wellsKeys } from './keys';

/** Refused with 409 while logbooks still use the well; the answer's detail names them. */
export const deleteWell = (wellid: string) => api.wells.remove(wellid);

export function useDeleteWell() {
  return useRemoveMutation(deleteWell, { detail: wellsKeys.detail, list: wellsKeys.list() });
}
