import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /bazaar/listings/{listing_id}/report/`: tells the administrators what is wrong with it. */
export const reportListing = ({ listingId, reason }: { listingId: string; reason: string }) =>
  api.bazaar.report(listingId, { reason });

export function useReportListing() {
  return useMutation({ mutationFn: reportListing });
}
