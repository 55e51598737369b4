import type { PasswordResetConfirm } from '@caravanserai/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Asks for a reset link by e-mail: the same answer whether or not an account has the address. */
export const requestPasswordReset = (email: string) => api.auth.passwordReset({ email });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** Sets the new password with a mailed link's uid and token; the user then signs in with it. */
export const confirmPasswordReset = (input: PasswordResetConfirm) => api.auth.passwordResetConfirm(input);

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
