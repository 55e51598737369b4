import type { ListingPublish } from '@caravanserai/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /bazaar/preview/`: the copy a publish would make and what in it looks private; nothing is stored. */
export const previewListing = (body: ListingPublish) => api.bazaar.preview(body);

export function usePreviewListing() {
  return useMutation({ mutationFn: previewListing });
}
