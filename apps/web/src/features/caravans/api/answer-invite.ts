import { api } from '../../../lib/api';
import { useCaravanMutation } from './caravan-mutation';

/** Joins the caravan; the answer is the caravan. */
export const acceptInvite = (inviteId: string) => api.caravans.accept(inviteId);

/** Drops the invite; only the invitee may. */
export const declineInvite = (inviteId: string) => api.caravans.decline(inviteId);

export function useAcceptInvite() {
  return useCaravanMutation(acceptInvite);
}

export function useDeclineInvite() {
  return useCaravanMutation(declineInvite);
}
