import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { ApiKeysPanel } from '../../features/api-keys/components/api-keys-panel';
import { currentUserKey, useCurrentUser } from '../../features/auth/api/current-user';
import { BackupPanel } from '../../features/backup/components/backup-panel';
import { AuthorListings } from '../../features/bazaar/components/author-listings';
import { ImportJobView } from '../../features/imports/components/import-job-view';
import { useProfile } from '../../features/profile/api/get-profile';
import { AccountControls } from '../../features/profile/components/account-controls';
import { AskingSettings } from '../../features/profile/components/asking-settings';
import { ProfileHeader } from '../../features/profile/components/profile-header';

export function Component() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();

  if (profile.isPending) {
    return (
      <Page title={`u/${username}`}>
        <PageLoader label="Loading profile" />
      </Page>
    );
  }
  if (profile.isError) {
    return (
      <Page title="User Not Found">
        <Stack gap="xs">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            User Not Found
          </Title>
          <Text c="dimmed">There is no user called u/{username}, or their profile could not be loaded.</Text>
        </Stack>
      </Page>
    );
  }
  const { data } = profile;
  return (
    <Page title={`u/${data.username}`}>
      <Stack gap="xl">
        <ProfileHeader profile={data} />
        <AuthorListings username={data.username} />
        {!data.anon_view && user?.username === data.username && (
          <AskingSettings
            key={user.pk}
            user={user}
            // New logbooks read the current user's memory setting: it must be the saved one.
            onSaved={(saved) => queryClient.setQueryData(currentUserKey, saved)}
          />
        )}
        {!data.anon_view && <AccountControls username={data.username} />}
        {!data.anon_view && <ApiKeysPanel />}
        {!data.anon_view && (
          <BackupPanel restoreJob={(jobId) => <ImportJobView jobId={jobId} what="Restore" />} />
        )}
      </Stack>
    </Page>
  );
}
