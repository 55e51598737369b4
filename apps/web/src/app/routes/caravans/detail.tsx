import { Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { InviteLinkForm } from '../../../features/admin/components/invite-link-form';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { useCaravan } from '../../../features/caravans/api/get-caravan';
import { CaravanDashboard } from '../../../features/caravans/components/caravan-dashboard';
import { RoleBadge } from '../../../features/caravans/components/role-badge';
import { Section } from '../../../features/caravans/components/section';
import { useWells } from '../../../features/wells/api/get-wells';
import { wellsKeys } from '../../../features/wells/api/keys';

/** /caravans/:id: members and roles, shared wells, policy, use against the caps, audit log. */
export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isLoading } = useCurrentUser();
  const query = useCaravan(id);
  const caravan = query.data;
  const wells = useWells();
  // A leader shares only wells of their own, never one a caravan shares with them or one they rent.
  const ownWells = (wells.data?.wells ?? []).filter((well) => !well.caravan && !well.rental);

  return (
    <Page
      title={caravan?.name ?? 'Caravan'}
      size="lg"
      heading={
        caravan && (
          <Group gap="sm" component="span" wrap="wrap">
            <span style={{ overflowWrap: 'anywhere' }}>{caravan.name}</span>
            <RoleBadge role={caravan.role} />
          </Group>
        )
      }
      breadcrumbs={fromHome(
        { label: 'Caravans', href: paths.caravans.home.href() },
        { label: caravan?.name ?? 'Caravan' },
      )}
    >
      {query.isPending || isLoading ? (
        <PageLoader label="Loading caravan" />
      ) : !caravan || !user ? (
        <Forbidden text="This Caravan is Forbidden..." />
      ) : (
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {caravan.role === 'leader'
              ? 'You lead this caravan: you invite members, share wells, set the policy and see everyone’s use.'
              : 'You are a member: you may use the shared wells within the policy below.'}
          </Text>
          <CaravanDashboard
            caravan={caravan}
            me={user.username}
            ownWells={ownWells}
            onLeft={() => {
              // The caravan's wells leave the user's well list.
              void queryClient.invalidateQueries({ queryKey: wellsKeys.all });
              notifications.show({ color: 'green', message: `You left ${caravan.name}.` });
              navigate(paths.caravans.home.href());
            }}
            onDeleted={() => {
              notifications.show({ color: 'green', message: `Caravan '${caravan.name}' deleted.` });
              navigate(paths.caravans.home.href());
            }}
          />
          {caravan.role === 'leader' && (
            <Section title="Invite link">
              <Text size="sm">
                For someone without an account on this server: the link creates one, even while sign-up is by
                invitation only, and makes them a member of {caravan.name}.
              </Text>
              <InviteLinkForm caravan={caravan} />
            </Section>
          )}
        </Stack>
      )}
    </Page>
  );
}
