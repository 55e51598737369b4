import type { InviteCreate } from '@caravanserai/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Makes an invite link, good for one registration; its code is shown this once. */
export const createInvite = (input: InviteCreate) => api.admin.createInvite(input);

export function useCreateInvite() {
  return useMutation({ mutationFn: createInvite });
}
