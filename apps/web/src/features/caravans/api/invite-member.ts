import { api } from '../../../lib/api';
import { useCaravanMutation } from './caravan-mutation';

/** A leader invites a user by name: unknown user 400, already in or invited 409. */
export const inviteMember = ({ id, username }: { id: string; username: string }) =>
  api.caravans.invite(id, { username });

export function useInviteMember() {
  return useCaravanMutation(inviteMember);
}
