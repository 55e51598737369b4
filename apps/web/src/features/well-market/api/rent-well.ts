import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellMarketKeys } from './keys';

/**
 * `POST /bazaar/wells/{offer_id}/rent/`: the offer's well joins the user's wells. A priced offer
 * without a saved card is refused with code 'payment_method_required'.
 */
export const rentWell = (offerId: string) => api.wellRental.rent(offerId);

/** `DELETE /bazaar/wells/{offer_id}/rent/`: the user's rental of the offer ends. */
export const endRent = (offerId: string) => api.wellRental.endRent(offerId);

/** The user's well list changes too: `onChanged` lets the page refresh what lists wells. */
export function useRentWell(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rentWell,
    onSuccess: async () => {
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: wellMarketKeys.all });
    },
  });
}

export function useEndRent(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endRent,
    onSuccess: async () => {
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: wellMarketKeys.all });
    },
  });
}
