import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { SignInToUse } from '../../../components/sign-in-to-use';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { useOffers } from '../../../features/well-market/api/get-offers';
import { OfferDialog } from '../../../features/well-market/components/offer-dialog';
import { OfferResults } from '../../../features/well-market/components/offer-results';
import { wellsQueryOptions } from '../../../features/wells/api/get-wells';
import { wellsKeys } from '../../../features/wells/api/keys';
import { usePublicConfig } from '../../../lib/use-public-config';

/**
 * /bazaar/wells/: the well market. Wells their owners offer for rent, to rent (or stop renting),
 * and the user's own offers to withdraw; Offer a well puts one of the user's own wells up.
 */
export function Component() {
  const { user, isLoading } = useCurrentUser();
  const offers = useOffers(user !== null);
  const wells = useQuery({ ...wellsQueryOptions(), enabled: user !== null });
  const paymentsOn = usePublicConfig()?.payments_enabled ?? false;
  const queryClient = useQueryClient();
  const [offering, offer] = useDisclosure(false);
  // Only wells of the user's own can be offered: not one a caravan shares, nor a rented one.
  const ownWells = (wells.data?.wells ?? []).filter((well) => !well.caravan && !well.rental);
  const wellsChanged = () => void queryClient.invalidateQueries({ queryKey: wellsKeys.all });

  return (
    <Page
      title="Wells for rent"
      heading="Wells for rent"
      size="lg"
      breadcrumbs={fromHome({ label: 'Bazaar', href: paths.bazaar.home.href() }, { label: 'Wells for rent' })}
      action={
        user && (
          <Group gap="xs">
            <Button component={Link} to={paths.bazaar.rentals.href()} variant="default">
              Your rentals
            </Button>
            <Button onClick={offer.open}>Offer a well</Button>
          </Group>
        )
      }
    >
      <Stack gap="md">
        <Text c="dimmed">
          Wells their owners lend or rent out. A rented well joins your wells: your logbooks ask through it
          without ever seeing its key, within the owner’s monthly cap and models.
        </Text>
        {isLoading ? (
          <PageLoader />
        ) : !user ? (
          <SignInToUse what="the well market is for signed-in users." />
        ) : (
          <OfferResults
            offers={offers}
            cardsHref={paths.paymentMethods.href(user.username)}
            onWellsChanged={wellsChanged}
          />
        )}
      </Stack>
      {user && (
        <OfferDialog opened={offering} onClose={offer.close} wells={ownWells} paymentsOn={paymentsOn} />
      )}
    </Page>
  );
}
