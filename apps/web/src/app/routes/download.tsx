import { Text } from '@mantine/core';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { DownloadLoginPrompt } from '../../features/download/components/download-login-prompt';
import { DownloadOptions } from '../../features/download/components/download-options';

export function Component() {
  const { user, isLoading } = useCurrentUser();
  return (
    <Page title="Download" heading="Download Mapper" size="sm">
      <Text mb="lg">
        Mapper is the Caravanserai terminal: list, open, query and tag your Logbooks from your own machine's
        command line.
      </Text>
      {isLoading ? <PageLoader /> : user ? <DownloadOptions /> : <DownloadLoginPrompt />}
    </Page>
  );
}
