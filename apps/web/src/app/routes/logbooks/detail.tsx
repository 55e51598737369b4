import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { useLogbook } from '../../../features/logbooks/api/get-logbook';
import { LogbookEntries } from '../../../features/logbooks/components/logbook-entries';
import { LogbookHeader } from '../../../features/logbooks/components/logbook-header';

export function Component() {
  const { logid = '' } = useParams();
  const logbook = useLogbook(logid);
  const { user } = useCurrentUser();
  const title = logbook.data?.title ?? 'Logbook';
  return (
    <Page title={title}>
      <Breadcrumbs
        items={[
          { label: 'Home', href: paths.home.href() },
          { label: 'Logbooks', href: paths.logbooks.home.href() },
          { label: title },
        ]}
      />
      {logbook.isPending ? (
        <PageLoader label="Loading logbook" />
      ) : logbook.isError ? (
        <Forbidden text="This Logbook is Forbidden..." />
      ) : (
        <Stack gap="lg">
          <LogbookHeader
            logbook={logbook.data}
            canManage={user !== null && user.username === logbook.data.owner.username}
          />
          <LogbookEntries log={logbook.data.log} />
        </Stack>
      )}
    </Page>
  );
}
