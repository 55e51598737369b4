import type { CaravanRole } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useCaravanMutation } from './caravan-mutation';

/** A leader makes a member a leader or a leader a member. */
export const setMemberRole = ({ id, username, role }: { id: string; username: string; role: CaravanRole }) =>
  api.caravans.setRole(id, username, { role });

/** A leader removes anyone; a member only themself (leaving). The last leader cannot leave: 409. */
export const removeMember = ({ id, username }: { id: string; username: string }) =>
  api.caravans.removeMember(id, username);

export function useSetMemberRole() {
  return useCaravanMutation(setMemberRole);
}

export function useRemoveMember() {
  return useCaravanMutation(removeMember);
}
