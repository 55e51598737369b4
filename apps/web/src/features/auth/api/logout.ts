import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { clearToken } from '../../../lib/auth-storage';

/** Revokes the token on the server (best effort), then forgets it and every cached answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.auth.logout();
      } finally {
        clearToken();
      }
    },
    onSettled: () => {
      queryClient.clear();
    },
  });
}
