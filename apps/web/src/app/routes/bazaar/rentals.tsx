import { Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { SignInToUse } from '../../../components/sign-in-to-use';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { useEarnings } from '../../../features/well-market/api/get-earnings';
import { useRentals } from '../../../features/well-market/api/get-rentals';
import { RentalsSections } from '../../../features/well-market/components/rentals-sections';
import { wellsKeys } from '../../../features/wells/api/keys';

/**
 * /bazaar/rentals/: the wells the user rents (Renting), the rentals of their own offers (Lending),
 * each with this month's tokens and End, and what their offers earned each month.
 */
export function Component() {
  const { user, isLoading } = useCurrentUser();
  const rentals = useRentals(user !== null);
  const earnings = useEarnings(user !== null);
  const queryClient = useQueryClient();
  const wellsChanged = () => void queryClient.invalidateQueries({ queryKey: wellsKeys.all });

  return (
    <Page
      title="Your rentals"
      heading="Your rentals"
      size="lg"
      breadcrumbs={fromHome(
        { label: 'Bazaar', href: paths.bazaar.home.href() },
        { label: 'Wells for rent', href: paths.bazaar.wells.href() },
        { label: 'Your rentals' },
      )}
      action={
        <Button component={Link} to={paths.bazaar.wells.href()} variant="default">
          Wells for rent
        </Button>
      }
    >
      {isLoading ? (
        <PageLoader />
      ) : !user ? (
        <SignInToUse what="rentals belong to accounts." />
      ) : (
        <Stack gap="md">
          <RentalsSections rentals={rentals} earnings={earnings} onWellsChanged={wellsChanged} />
        </Stack>
      )}
    </Page>
  );
}
