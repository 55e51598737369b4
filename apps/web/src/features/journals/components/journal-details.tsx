import type { Journal } from '@caravanserai/api';
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { OwnerLine } from '../../../components/owner-line';
import { paths } from '../../../config/paths';
import { JournalLogbooks } from './journal-logbooks';

/** A journal's page body: title, owner, actions and its logbooks. */
export function JournalDetails({
  journal,
  createLogbookHref,
}: {
  journal: Journal;
  createLogbookHref: string;
}) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
          {journal.title}
        </Title>
        <OwnerLine username={journal.owner.username} c="dimmed" />
      </Stack>
      <Group gap="sm">
        <Button component={Link} to={createLogbookHref}>
          Create Logbook
        </Button>
        <Button component={Link} to={paths.journals.manage.href(journal.jid)} variant="default">
          Settings
        </Button>
      </Group>
      <Stack gap="sm" component="section" aria-labelledby="journal-logbooks-heading">
        <Title order={2} fz={{ base: 20, sm: 24 }} id="journal-logbooks-heading">
          This Journal's Logbooks
        </Title>
        <JournalLogbooks logbooks={journal.logbooks} />
      </Stack>
    </Stack>
  );
}
