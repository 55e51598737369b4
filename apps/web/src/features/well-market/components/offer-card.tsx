import type { WellOffer } from '@caravanserai/api';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LabelledValue } from '../../../components/labelled-value';
import { paths } from '../../../config/paths';
import { priceText, tokensText } from '../lib/money';
import { OfferActions } from './offer-actions';

/** "3 renters" / "1 renter". */
const rentersText = (n: number) => `${n} ${n === 1 ? 'renter' : 'renters'}`;

/**
 * One well offered for rent: its title, provider and model, owner and description, then the terms
 * (price, monthly cap per renter, models) and how many rent it, with what the user can do with it.
 */
export function OfferCard({
  offer,
  cardsHref,
  onWellsChanged,
}: {
  offer: WellOffer;
  /** Where the user saves a card, for a priced offer refused for want of one. */
  cardsHref: string | null;
  /** The user's well list changed (a rental began or ended). */
  onWellsChanged?: () => void;
}) {
  const { well } = offer;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={well.title} h="100%">
      <Stack gap={8} h="100%">
        <Stack gap={2}>
          <Title order={3} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {well.title}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {well.provider} · {well.model} · by{' '}
            <Anchor component={Link} to={paths.profile.href(offer.owner.username)} inherit>
              {offer.owner.username}
            </Anchor>
          </Text>
        </Stack>
        {offer.description && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} lineClamp={4}>
            {offer.description}
          </Text>
        )}
        <Stack gap={2}>
          <LabelledValue label="Price">{priceText(offer.price_per_million_tokens)}</LabelledValue>
          <LabelledValue label="Cap">
            {tokensText(offer.monthly_token_cap_per_renter)} tokens per renter a month
          </LabelledValue>
          <LabelledValue label="Models">
            {offer.allowed_models.length > 0
              ? offer.allowed_models.join(', ')
              : 'whichever model the well is set to'}
          </LabelledValue>
        </Stack>
        <OfferActions offer={offer} cardsHref={cardsHref} onWellsChanged={onWellsChanged}>
          <Text size="xs" c="dimmed">
            {rentersText(offer.renters)}
          </Text>
        </OfferActions>
      </Stack>
    </Paper>
  );
}
