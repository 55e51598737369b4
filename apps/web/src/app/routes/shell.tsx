import { Anchor, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useMapperProfile } from '../../features/mapper/api/mapper-profile';
import { MapperView } from '../../features/mapper/components/mapper-view';

/** The Mapper page (route `/shell/`). */
export function Component() {
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  const profile = useMapperProfile(user?.pk);
  const mapperUser = useMemo(() => (user ? { pk: user.pk, username: user.username } : null), [user]);

  if (isLoading || (user && profile.isPending)) {
    return (
      <Page title="Mapper">
        <PageLoader label="Loading Mapper" />
      </Page>
    );
  }
  if (!mapperUser || !profile.data) {
    return (
      <Page title="Mapper" heading="Mapper">
        <Text size="lg">
          Mapper is disabled until you{' '}
          <Anchor component={Link} to={paths.login.href()} fw={700}>
            LOGIN
          </Anchor>
        </Text>
      </Page>
    );
  }
  return (
    <Page title="Mapper" size="xl">
      <MapperView
        user={mapperUser}
        profile={profile.data}
        host={{
          openLogbook: (logid) => navigate(paths.logbooks.detail.href(logid)),
          goHome: () => navigate(paths.home.href()),
        }}
      />
    </Page>
  );
}
