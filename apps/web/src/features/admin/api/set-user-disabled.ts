import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/** Disables a user (their tokens and keys are refused at once, their data kept) or enables them. */
export const setUserDisabled = ({ username, disabled }: { username: string; disabled: boolean }) =>
  api.admin.updateUser(username, { disabled });

export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserDisabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
