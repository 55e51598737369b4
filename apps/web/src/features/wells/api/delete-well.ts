import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellsKeys } from './keys';

/** Refused with 409 while logbooks still use the well; the answer's detail names them. */
export const deleteWell = (wellid: string) => api.wells.remove(wellid);

export function useDeleteWell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWell,
    onSuccess: (_data, wellid) => {
      queryClient.removeQueries({ queryKey: wellsKeys.detail(wellid) });
      return queryClient.invalidateQueries({ queryKey: wellsKeys.list() });
    },
  });
}
