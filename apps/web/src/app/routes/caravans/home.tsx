import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { useCaravans } from '../../../features/caravans/api/get-caravans';
import { useInvites } from '../../../features/caravans/api/get-invites';
import { CaravanList } from '../../../features/caravans/components/caravan-list';
import { CreateCaravanForm } from '../../../features/caravans/components/create-caravan-form';
import { PendingInvites } from '../../../features/caravans/components/pending-invites';
import { profileQueryOptions } from '../../../features/profile/api/get-profile';
import { wellsKeys } from '../../../features/wells/api/keys';
import { usePublicConfig } from '../../../lib/use-public-config';

/** /caravans/: my caravans and my role in each, pending invites, and Create Caravan. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isLoading } = useCurrentUser();
  const caravans = useCaravans();
  const invites = useInvites(user !== null);
  const paymentsEnabled = usePublicConfig()?.payments_enabled ?? false;
  // With payments on, creating needs the Sultan tier: the profile says the user's tier.
  const profile = useQuery({
    ...profileQueryOptions(user?.username ?? ''),
    enabled: paymentsEnabled && !!user,
  });
  const needsSultan = paymentsEnabled && profile.data !== undefined && profile.data.role !== 'Sultan';

  const openCaravan = (caravan: { caravan_id: string; name: string }, message: string) => {
    notifications.show({ color: 'green', message });
    navigate(paths.caravans.detail.href(caravan.caravan_id));
  };

  return (
    <Page title="Caravans" heading="Your Caravans" breadcrumbs={fromHome({ label: 'Caravans' })}>
      {isLoading ? (
        <PageLoader />
      ) : !user ? (
        <Alert color="yellow" title="You are not signed in">
          Caravans belong to accounts.{' '}
          <Anchor component={Link} to={paths.login.href()} inherit>
            Login
          </Anchor>{' '}
          to see yours and your invites.
        </Alert>
      ) : (
        <Stack gap="xl">
          <Text>
            A caravan shares its leaders’ wells with its members, who use them without ever seeing the key.
            Leaders choose the models and monthly caps, and see the figures of use, never anyone’s logbooks.
          </Text>
          <Stack gap="sm" component="section" aria-labelledby="caravan-invites-heading">
            <Title order={2} fz={{ base: 20, sm: 24 }} id="caravan-invites-heading">
              Invites
            </Title>
            {invites.isPending ? (
              <PageLoader label="Loading invites" />
            ) : (
              <PendingInvites
                invites={invites.data ?? []}
                onAccepted={(caravan) => {
                  // The caravan's wells join the user's well list.
                  void queryClient.invalidateQueries({ queryKey: wellsKeys.all });
                  openCaravan(caravan, `You joined ${caravan.name}.`);
                }}
              />
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="caravan-list-heading">
            <Title order={2} fz={{ base: 20, sm: 24 }} id="caravan-list-heading">
              Your caravans
            </Title>
            <CaravanList caravans={caravans.data ?? []} loading={caravans.isPending} />
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="caravan-create-heading">
            <Title order={2} fz={{ base: 20, sm: 24 }} id="caravan-create-heading">
              Create Caravan
            </Title>
            <CreateCaravanForm
              needsSultan={needsSultan}
              onCreated={(caravan) => openCaravan(caravan, `Caravan '${caravan.name}' created.`)}
            />
          </Stack>
        </Stack>
      )}
    </Page>
  );
}
