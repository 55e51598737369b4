import type { Logbook } from '@caravanserai/api';
import { Alert, Anchor, Paper, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { journalKeys } from '../../../features/journals/api/journal-keys';
import { useLogbookChoices } from '../../../features/logbooks/api/logbook-choices';
import { CreateLogbookForm } from '../../../features/logbooks/components/create-logbook-form';

export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const { user, isLoading } = useCurrentUser();
  const choices = useLogbookChoices();

  const onCreated = (logbook: Logbook) => {
    // The journal's page lists its logbooks.
    void queryClient.invalidateQueries({ queryKey: journalKeys.all });
    navigate(paths.logbooks.detail.href(logbook.logid));
  };

  return (
    <Page title="New Logbook" size="sm">
      <Breadcrumbs
        items={[
          { label: 'Home', href: paths.home.href() },
          { label: 'Logbooks', href: paths.logbooks.home.href() },
          { label: 'New Logbook' },
        ]}
      />
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        New Logbook
      </Title>
      {!isLoading && !user && (
        <Alert color="yellow" mb="md" title="You are not signed in">
          Logbooks belong to an account.{' '}
          <Anchor component={Link} to={paths.login.href()} inherit>
            Login
          </Anchor>{' '}
          first to create one.
        </Alert>
      )}
      {choices.isPending ? (
        <PageLoader label="Loading your journals and wells" />
      ) : (
        <Paper withBorder p="lg">
          <CreateLogbookForm
            choices={choices.data ?? { journals: [], wells: [] }}
            // Journal and well pages link here with their own id preselected.
            initialJournal={search.get('journal') ?? ''}
            initialWell={search.get('well') ?? ''}
            onCreated={onCreated}
          />
        </Paper>
      )}
    </Page>
  );
}
