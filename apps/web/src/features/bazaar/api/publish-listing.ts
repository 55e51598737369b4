import type { ListingPublish, VersionPublish } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bazaarKeys } from './keys';

/** `POST /bazaar/listings/`: version 1 of a new listing. */
export const publishListing = (body: ListingPublish) => api.bazaar.publish(body);

/** `POST /bazaar/listings/{listing_id}/versions/`: the next version, copied afresh from its logbook. */
export const publishVersion = ({ listingId, body }: { listingId: string; body: VersionPublish }) =>
  api.bazaar.publishVersion(listingId, body);

export function usePublishListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bazaarKeys.all }),
  });
}

export function usePublishVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bazaarKeys.all }),
  });
}
