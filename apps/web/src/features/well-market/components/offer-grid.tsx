import type { WellOffer } from '@caravanserai/api';
import { CardGrid } from '../../../components/card-grid';
import { OfferCard } from './offer-card';

/** Offers' cards side by side (CardGrid). */
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
    <CardGrid items={offers} label="Wells for rent" itemKey={(offer) => offer.offer_id}>
      {(offer) => <OfferCard offer={offer} cardsHref={cardsHref} onWellsChanged={onWellsChanged} />}
    </CardGrid>
  );
}
