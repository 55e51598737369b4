import { Alert, Anchor, Paper, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { CreateJournalForm } from '../../../features/journals/components/create-journal-form';

export function Component() {
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  return (
    <Page title="New Journal" size="sm">
      <Breadcrumbs
        items={[
          { label: 'Home', href: paths.home.href() },
          { label: 'Journals', href: paths.journals.home.href() },
          { label: 'New Journal' },
        ]}
      />
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        New Journal
      </Title>
      {!isLoading && !user && (
        <Alert color="yellow" mb="md" title="You are not signed in">
          Journals belong to an account.{' '}
          <Anchor component={Link} to={paths.login.href()} inherit>
            Login
          </Anchor>{' '}
          first to create one.
        </Alert>
      )}
      <Paper withBorder p="lg">
        <CreateJournalForm onCreated={() => navigate(paths.journals.list.href())} />
      </Paper>
    </Page>
  );
}
