import type { WellOffer } from '@caravanserai/api';
import { SimpleGrid } from '@mantine/core';
import { OfferCard } from './offer-card';

/** Offers side by side: one column on a phone, up to three on a wide screen. */
export function OfferGrid({
  offers,
  cardsHref,
  onWellsChanged,
}: {
  offers: readonly WellOffer[];
  cardsHref: string | null;
  onWellsChanged?: () => void;
}) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Wells for rent"
    >
      {offers.map((offer) => (
        <li key={offer.offer_id}>
          <OfferCard offer={offer} cardsHref={cardsHref} onWellsChanged={onWellsChanged} />
        </li>
      ))}
    </SimpleGrid>
  );
}
