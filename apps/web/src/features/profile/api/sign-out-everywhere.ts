import { ApiError } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { clearToken } from '../../../lib/auth-storage';

/**
 * Revokes every token of the user, then forgets this browser's and every cached answer. Unlike a
 * plain logout the token is kept when the call fails: the other devices are still signed in, so
 * the user must be able to try again. A 401 means this token is already dead: signed out anyway.
 */
export async function signOutEverywhere(): Promise<void> {
  try {
    await api.auth.logoutAll();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  clearToken();
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => queryClient.clear(),
  });
}
