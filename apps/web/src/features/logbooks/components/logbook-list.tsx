import type { LogbookSummary } from '@caravanserai/api';
import { Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from './format-date';
import classes from './link-card.module.css';
import { LogbookBadges } from './logbook-badges';

/** The user's logbooks as links, or the empty state of spec 000 §2. */
export function LogbookList({ logbooks }: { logbooks: LogbookSummary[] }) {
  if (logbooks.length === 0) return <NoLogbooks />;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Logbooks">
      {logbooks.map((logbook) => (
        <li key={logbook.logid}>
          <Card
            withBorder
            padding="md"
            component={Link}
            to={paths.logbooks.detail.href(logbook.logid)}
            className={classes.card}
          >
            <Stack gap={6}>
              <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {logbook.title}
              </Text>
              {logbook.description && (
                <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {logbook.description}
                </Text>
              )}
              <Group gap="xs" justify="space-between">
                <LogbookBadges flags={logbook} />
                <Text size="xs" c="dimmed">
                  Modified <time dateTime={logbook.modified}>{formatDate(logbook.modified)}</time>
                </Text>
              </Group>
            </Stack>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

function NoLogbooks() {
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs">
        <Text fw={600}>No logbooks found.</Text>
        <Text c="dimmed">You may need to login, then create a logbook.</Text>
        <Group mt="xs">
          <Button component={Link} to={paths.login.href()} variant="default">
            Login
          </Button>
          <Button component={Link} to={paths.logbooks.create.href()}>
            Create a Logbook
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
