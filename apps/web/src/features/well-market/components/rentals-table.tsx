import type { Rental } from '@caravanserai/api';
import { Table, VisuallyHidden } from '@mantine/core';
import { dayText, priceText } from '../lib/money';
import { EndOrEnded, OtherSide, type RentalSide, RentalWell, usedText } from './rental-parts';

/**
 * Rentals as a table, for a wide screen: the well, the other side, (for a renter) the price, this
 * month's tokens against the cap, when it began, and End or when it ended.
 */
export function RentalsTable({
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
    <Table.ScrollContainer minWidth={renting ? 640 : 520}>
      <Table verticalSpacing={6} aria-label={renting ? 'Renting' : 'Lending'} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Well</Table.Th>
            <Table.Th>{renting ? 'Owner' : 'Renter'}</Table.Th>
            {renting && <Table.Th>Price</Table.Th>}
            <Table.Th ta="right">Tokens this month</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ended</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rentals.map((rental) => (
            <Table.Tr key={rental.rental_id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <RentalWell rental={rental} side={side} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <OtherSide rental={rental} side={side} />
              </Table.Td>
              {renting && <Table.Td>{priceText(rental.price_per_million_tokens)}</Table.Td>}
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {usedText(rental)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(rental.started)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} ta="right">
                <EndOrEnded rental={rental} side={side} onEnd={onEnd} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
