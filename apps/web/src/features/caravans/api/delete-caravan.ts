import { api } from '../../../lib/api';
import { useRemoveMutation } from '../../../lib/cached-mutations';
import { caravansKeys } from './keys';

/** A leader deletes the caravan: its members lose its wells, its policy and figures go. */
export const deleteCaravan = (id: string) => api.caravans.remove(id);

export function useDeleteCaravan() {
  return useRemoveMutation(deleteCaravan, { detail: caravansKeys.detail, list: caravansKeys.list() });
}
