import { Button, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useJournals } from '../../../features/journals/api/get-journals';
import { JournalList } from '../../../features/journals/components/journal-list';

export function Component() {
  const journals = useJournals();
  return (
    <Page title="Your Journals">
      <Breadcrumbs
        items={[
          { label: 'Home', href: paths.home.href() },
          { label: 'Journals', href: paths.journals.home.href() },
          { label: 'Your Journals' },
        ]}
      />
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Your Journals
        </Title>
        <Button component={Link} to={paths.journals.create.href()}>
          New Journal
        </Button>
      </Group>
      {journals.isPending ? (
        <PageLoader label="Loading journals" />
      ) : (
        // A failed load (signed out, for one) shows the empty state, which says what to do.
        <JournalList journals={journals.data ?? []} />
      )}
    </Page>
  );
}
