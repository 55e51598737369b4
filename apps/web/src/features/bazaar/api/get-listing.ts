import { ApiError, type Listing, Tombstone } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bazaarKeys } from './keys';

/** A listing's newest version, or version `version` (from 1). */
export const getListing = (slug: string, version: number | null): Promise<Listing> =>
  version === null ? api.bazaar.get(slug) : api.bazaar.getVersion(slug, String(version));

export const listingQueryOptions = (slug: string, version: number | null) =>
  queryOptions({
    queryKey: bazaarKeys.listing(slug, version),
    queryFn: () => getListing(slug, version),
    // Not found and gone are answers, not hiccups: asking again would not change them.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function useListing(slug: string, version: number | null, enabled = true) {
  return useQuery({ ...listingQueryOptions(slug, version), enabled });
}

/** What a 410 says of a withdrawn or removed listing, or null for any other failure. */
export function tombstoneOf(error: unknown): Tombstone | null {
  if (!(error instanceof ApiError) || error.status !== 410) return null;
  const parsed = Tombstone.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
