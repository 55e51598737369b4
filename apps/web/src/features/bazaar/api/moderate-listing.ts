import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bazaarKeys } from './keys';

/** Hides a listing (its page answers 410 'Removed by the moderators.') or shows it again. */
export const moderateListing = ({ listingId, hidden }: { listingId: string; hidden: boolean }) =>
  api.bazaar.moderate(listingId, { hidden });

export function useModerateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bazaarKeys.all }),
  });
}
