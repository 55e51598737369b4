import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { requireToken } from '../../../lib/require-token';
import { caravansKeys } from './keys';

/** The signed-in user's pending invites. */
export const getInvites = () => {
  requireToken();
  return api.caravans.invites();
};

export const invitesQueryOptions = () =>
  queryOptions({
    queryKey: caravansKeys.invites(),
    queryFn: getInvites,
    retry: false,
    // The navigation's badge: an invite sent meanwhile shows up within a minute.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** Only asked while `enabled` (signed in), so visitors send no request. */
export function useInvites(enabled = true) {
  return useQuery({ ...invitesQueryOptions(), enabled });
}
