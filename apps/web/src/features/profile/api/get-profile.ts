import { ApiError, type PublicProfile } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const profileKey = (username: string) => ['profiles', username] as const;

export function getProfile(username: string): Promise<PublicProfile> {
  return api.profiles.get(username);
}

export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: profileKey(username),
    queryFn: () => getProfile(username),
    // anon_view depends on who is asking, so a profile seen before signing in must not be reused after.
    staleTime: 0,
    // A missing user stays missing: only retry failures that might be passing (network, 5xx).
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}
