import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellMarketKeys } from './keys';

/** `DELETE /bazaar/rentals/{rental_id}/`: either side ends a rental. */
export const endRental = (rentalId: string) => api.wellRental.endRental(rentalId);

/** A renter's well list changes too: `onChanged` lets the page refresh what lists wells. */
export function useEndRental(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endRental,
    onSuccess: async () => {
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: wellMarketKeys.all });
    },
  });
}
