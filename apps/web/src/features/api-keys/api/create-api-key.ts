import type { ApiKeyCreate } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiKeysKeys } from './keys';

/** Makes a key; its answer holds the whole key, shown this once. */
export const createApiKey = (input: ApiKeyCreate) => api.apiKeys.create(input);

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list() }),
  });
}
