import type { CurrentUser, UserUpdate } from '@caravanserai/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What the settings form changes of the signed-in user's account. */
export type Settings = Pick<Required<UserUpdate>, 'instructions' | 'memory_default' | 'auto_titles'>;

/** Saves the settings; the answer is the whole current user as it now is. */
export function updateSettings(settings: Settings): Promise<CurrentUser> {
  return api.auth.updateUser(settings);
}

export function useUpdateSettings() {
  return useMutation({ mutationFn: updateSettings });
}
