import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellMarketKeys } from './keys';

/** `DELETE /bazaar/wells/{offer_id}/`: the offer leaves the market and every rental of it ends. */
export const withdrawOffer = (offerId: string) => api.wellRental.withdrawOffer(offerId);

export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wellMarketKeys.all }),
  });
}
