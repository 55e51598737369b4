import type { Login } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { setToken } from '../../../lib/auth-storage';
import { currentUserKey } from './current-user';

export async function login(input: Login): Promise<string> {
  const { key } = await api.auth.login(input);
  if (!key) throw new Error('No key in the login answer');
  setToken(key);
  return key;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
