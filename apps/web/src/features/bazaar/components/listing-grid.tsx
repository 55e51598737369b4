import type { ListingCard as Card } from '@caravanserai/api';
import { SimpleGrid } from '@mantine/core';
import { ListingCard } from './listing-card';

/** Cards side by side: one column on a phone, up to three on a wide screen. */
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
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {listings.map((listing) => (
        <li key={listing.listing_id}>
          <ListingCard listing={listing} topicHref={topicHref} />
        </li>
      ))}
    </SimpleGrid>
  );
}
