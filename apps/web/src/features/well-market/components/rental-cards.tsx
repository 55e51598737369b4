import type { Rental } from '@caravanserai/api';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { LabelledValue } from '../../../components/labelled-value';
import { dayText, priceText } from '../lib/money';
import { EndOrEnded, OtherSide, type RentalSide, RentalWell, usedText } from './rental-parts';

/** Rentals as a list of small cards, for a phone, where a table's last columns would be out of sight. */
export function RentalCards({
  rentals,
  side,
  onEnd,
}: {
  rentals: readonly Rental[];
  side: RentalSide;
  onEnd: (rental: Rental) => void;
}) {
  const renting = side === 'renting';
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={renting ? 'Renting' : 'Lending'}
    >
      {rentals.map((rental) => (
        <Paper key={rental.rental_id} component="li" withBorder p="sm" radius="md">
          <Stack gap={4}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                <RentalWell rental={rental} side={side} />
              </Text>
              <EndOrEnded rental={rental} side={side} onEnd={onEnd} />
            </Group>
            <LabelledValue label={renting ? 'Owner' : 'Renter'}>
              <OtherSide rental={rental} side={side} />
            </LabelledValue>
            {renting && (
              <LabelledValue label="Price">{priceText(rental.price_per_million_tokens)}</LabelledValue>
            )}
            <LabelledValue label="Tokens this month">{usedText(rental)}</LabelledValue>
            <LabelledValue label="Started">{dayText(rental.started)}</LabelledValue>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
