import type { WellCreate } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellsKeys } from './keys';

export const createWell = (body: WellCreate) => api.wells.create(body);

export function useCreateWell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWell,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wellsKeys.all }),
  });
}
