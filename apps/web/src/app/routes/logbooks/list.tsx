import { Button, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useLogbooks } from '../../../features/logbooks/api/get-logbooks';
import { LogbookList } from '../../../features/logbooks/components/logbook-list';

export function Component() {
  const logbooks = useLogbooks();
  return (
    <Page title="Your Logbooks">
      <Breadcrumbs
        items={[
          { label: 'Home', href: paths.home.href() },
          { label: 'Logbooks', href: paths.logbooks.home.href() },
          { label: 'Your Logbooks' },
        ]}
      />
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Your Logbooks
        </Title>
        <Button component={Link} to={paths.logbooks.create.href()}>
          New Logbook
        </Button>
      </Group>
      {logbooks.isPending ? (
        <PageLoader label="Loading logbooks" />
      ) : (
        // A failed load (signed out, for one) shows the empty state, which says what to do (spec 000 §8).
        <LogbookList logbooks={logbooks.data ?? []} />
      )}
    </Page>
  );
}
