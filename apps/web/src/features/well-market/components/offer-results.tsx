import { Alert, Paper, Text } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader';
import type { useOffers } from '../api/get-offers';
import { OfferGrid } from './offer-grid';

/** The market's offers once read, or why there are none to show. */
export function OfferResults({
  offers,
  cardsHref,
  onWellsChanged,
}: {
  offers: ReturnType<typeof useOffers>;
  cardsHref: string | null;
  onWellsChanged?: () => void;
}) {
  if (offers.isPending) return <PageLoader label="Loading offers" />;
  if (offers.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The offers could not be read.">
        {offers.error.message || 'Please try again.'}
      </Alert>
    );
  }
  if (offers.data.results.length === 0) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">No well is offered yet. Offer one of yours for others to rent.</Text>
      </Paper>
    );
  }
  return <OfferGrid offers={offers.data.results} cardsHref={cardsHref} onWellsChanged={onWellsChanged} />;
}
