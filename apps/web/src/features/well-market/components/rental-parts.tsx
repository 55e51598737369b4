import type { Rental } from '@caravanserai/api';
import { Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { dayText, tokensText } from '../lib/money';

/** The user's side of the rentals shown: wells they rent, or rentals of their own offers. */
export type RentalSide = 'renting' | 'lending';

/** The other side of a rental: the owner to a renter, the renter to an owner. */
export const otherSide = (rental: Rental, side: RentalSide) =>
  side === 'renting' ? rental.owner : rental.renter;

/** This month's tokens against the cap: "1,234 of 100,000". */
export const usedText = (rental: Rental) =>
  `${tokensText(rental.tokens_this_month)} of ${tokensText(rental.monthly_token_cap)}`;

/** The well's name; for a renter's rental under way, the link to the well (it is among their wells). */
export function RentalWell({ rental, side }: { rental: Rental; side: RentalSide }) {
  if (side !== 'renting' || rental.ended !== null) return <>{rental.well_title}</>;
  return (
    <Anchor component={Link} to={paths.wells.detail.href(rental.wellid)} inherit>
      {rental.well_title}
    </Anchor>
  );
}

export function OtherSide({ rental, side }: { rental: Rental; side: RentalSide }) {
  const { username } = otherSide(rental, side);
  return (
    <Anchor component={Link} to={paths.profile.href(username)} inherit>
      {username}
    </Anchor>
  );
}

/** End for a rental under way, or when it ended. */
export function EndOrEnded({
  rental,
  side,
  onEnd,
}: {
  rental: Rental;
  side: RentalSide;
  onEnd: (rental: Rental) => void;
}) {
  if (rental.ended !== null) {
    return (
      <Text span size="sm" c="dimmed">
        Ended {dayText(rental.ended)}
      </Text>
    );
  }
  const to = side === 'renting' ? '' : ` to ${rental.renter.username}`;
  return (
    <Button
      size="compact-sm"
      variant="default"
      onClick={() => onEnd(rental)}
      aria-label={`End the rental of ${rental.well_title}${to}`}
    >
      End
    </Button>
  );
}
