import type { ListingCard as Card } from '@caravanserai/api';
import { CardGrid } from '../../../components/card-grid';
import { ListingCard } from './listing-card';

/** Listings' cards side by side (CardGrid). */
export function ListingGrid({
  listings,
  topicHref,
  label = 'Listings',
}: {
  listings: readonly Card[];
  topicHref: (topic: string) => string;
  label?: string;
}) {
  return (
    <CardGrid items={listings} label={label} itemKey={(listing) => listing.listing_id}>
      {(listing) => <ListingCard listing={listing} topicHref={topicHref} />}
    </CardGrid>
  );
}
