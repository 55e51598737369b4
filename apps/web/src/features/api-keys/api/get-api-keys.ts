import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiKeysKeys } from './keys';

/** The signed-in user's personal API keys, newest first, with their last use (never the secret). */
export const getApiKeys = () => api.apiKeys.list();

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysKeys.list(), queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
