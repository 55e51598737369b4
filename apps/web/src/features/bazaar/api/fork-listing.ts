import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bazaarKeys } from './keys';

/** `POST /bazaar/listings/{listing_id}/fork/`: a private logbook of the caller's, from one version. */
export const forkListing = ({ listingId, version }: { listingId: string; version: number }) =>
  api.bazaar.fork(listingId, { version });

/** The listing's fork count changes: its pages and the gallery are asked again. */
export function useForkListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forkListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bazaarKeys.all }),
  });
}
