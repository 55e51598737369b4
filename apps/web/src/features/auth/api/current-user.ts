import type { CurrentUser } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { getToken } from '../../../lib/auth-storage';

export const currentUserKey = ['auth', 'user'] as const;

/** The signed-in user, or null: a failed user call means signed out. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!getToken()) return null;
  try {
    return await api.auth.user();
  } catch {
    return null;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 60_000, retry: false });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}
