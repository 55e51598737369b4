import type { Listing, StarState } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bazaarKeys } from './keys';

/** `PUT` or `DELETE /bazaar/listings/{listing_id}/star/`: the listing's stars afterwards. */
export const setStar = ({ listingId, starred }: { listingId: string; starred: boolean }) =>
  starred ? api.bazaar.star(listingId) : api.bazaar.unstar(listingId);

/** The answer is written into every cached page of the listing; the gallery's counts are asked again. */
export function useSetStar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStar,
    onSuccess: (state: StarState, { listingId }) => {
      queryClient.setQueriesData<Listing>({ queryKey: bazaarKeys.listings() }, (old) =>
        old && old.listing_id === listingId ? { ...old, ...state } : old,
      );
      return queryClient.invalidateQueries({ queryKey: [...bazaarKeys.all, 'gallery'] });
    },
  });
}
