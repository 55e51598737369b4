import type { Registration } from '@caravanserai/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Registers; the user then signs in on the Login page (success goes to Login). */
export function useSignup() {
  return useMutation({
    mutationFn: (input: Registration) => api.auth.register(input),
  });
}
