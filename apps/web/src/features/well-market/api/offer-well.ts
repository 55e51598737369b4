import type { WellOfferCreate } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellMarketKeys } from './keys';

/** `POST /bazaar/wells/`: one of the user's own wells offered for rent. */
export const offerWell = (body: WellOfferCreate) => api.wellRental.offer(body);

export function useOfferWell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerWell,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wellMarketKeys.all }),
  });
}
