import type { JournalSummary } from '@caravanserai/api';
import { Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './link-card.module.css';

/** The user's journals as links, or the empty state of spec 000 §2. */
export function JournalList({ journals }: { journals: JournalSummary[] }) {
  if (journals.length === 0) return <NoJournals />;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Journals">
      {journals.map((journal) => (
        <li key={journal.jid}>
          <Card
            withBorder
            padding="md"
            component={Link}
            to={paths.journals.detail.href(journal.jid)}
            className={classes.card}
          >
            <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {journal.title}
            </Text>
            <Text size="sm" c="dimmed">
              Journal ID: {journal.jid}
            </Text>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

function NoJournals() {
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs">
        <Text fw={600}>No journals found.</Text>
        <Text c="dimmed">You may need to login, then create a journal.</Text>
        <Group mt="xs">
          <Button component={Link} to={paths.login.href()} variant="default">
            Login
          </Button>
          <Button component={Link} to={paths.journals.create.href()}>
            Create a Journal
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
