import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bazaarKeys } from './keys';

/** `DELETE /bazaar/listings/{listing_id}/`: its page answers 410 from then on. */
export const withdrawListing = (listingId: string) => api.bazaar.withdraw(listingId);

export function useWithdrawListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bazaarKeys.all }),
  });
}
