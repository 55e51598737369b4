import type { WellUpdate } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellsKeys } from './keys';

export const updateWell = ({ wellid, body }: { wellid: string; body: WellUpdate }) =>
  api.wells.update(wellid, body);

export function useUpdateWell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWell,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wellsKeys.all }),
  });
}
