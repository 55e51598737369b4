import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiKeysKeys } from './keys';

/** Revokes a key: anything using it is refused from its next request on. */
export const revokeApiKey = (id: string) => api.apiKeys.revoke(id);

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list() }),
  });
}
