import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import type { useEarnings } from '../api/get-earnings';
import type { useRentals } from '../api/get-rentals';
import { EarningsTable } from './earnings-table';
import { RentalsList } from './rentals-list';
import { Section } from './section';

const unread = (what: string, error: Error) => (
  <Alert color="red" variant="light" role="alert" title={`${what} could not be read.`}>
    {error.message || 'Please try again.'}
  </Alert>
);

/** Renting, Lending and Earnings, each a titled region of the rentals page. */
export function RentalsSections({
  rentals,
  earnings,
  onWellsChanged,
}: {
  rentals: ReturnType<typeof useRentals>;
  earnings: ReturnType<typeof useEarnings>;
  onWellsChanged?: () => void;
}) {
  return (
    <>
      <Section
        title="Renting"
        description="Wells of others you query through. Tokens count per calendar month (UTC)."
      >
        {rentals.isPending ? (
          <PageLoader label="Loading rentals" />
        ) : rentals.isError ? (
          unread('Your rentals', rentals.error)
        ) : rentals.data.renting.length === 0 ? (
          <Text c="dimmed">
            You rent no well.{' '}
            <Anchor component={Link} to={paths.bazaar.wells.href()} inherit>
              See the wells for rent
            </Anchor>
            .
          </Text>
        ) : (
          <RentalsList rentals={rentals.data.renting} side="renting" onWellsChanged={onWellsChanged} />
        )}
      </Section>
      <Section title="Lending" description="Others renting your wells.">
        {rentals.isPending ? (
          <PageLoader label="Loading rentals" />
        ) : rentals.isError ? (
          unread('Your rentals', rentals.error)
        ) : rentals.data.lending.length === 0 ? (
          <Text c="dimmed">Nobody rents a well of yours.</Text>
        ) : (
          <RentalsList rentals={rentals.data.lending} side="lending" />
        )}
      </Section>
      <Section
        title="Earnings"
        description="What renters owe for using your wells, by month (UTC); the month under way so far."
      >
        {earnings.isPending ? (
          <PageLoader label="Loading earnings" />
        ) : earnings.isError ? (
          unread('Your earnings', earnings.error)
        ) : (
          <EarningsTable earnings={earnings.data} />
        )}
      </Section>
    </>
  );
}
