import type { Journal } from '@caravanserai/api';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './link-card.module.css';

/** "This Journal's Logbooks": each one a link showing its title and ID. */
export function JournalLogbooks({ logbooks }: { logbooks: Journal['logbooks'] }) {
  if (logbooks.length === 0) {
    return <Text c="dimmed">No logbooks in this Journal yet.</Text>;
  }
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
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {logbook.title}
              </Text>
              <Group gap={6}>
                {logbook.private && (
                  <Badge variant="light" color="gray" size="sm">
                    Private
                  </Badge>
                )}
                {logbook.salted && (
                  <Badge variant="light" color="cyan" size="sm">
                    Salted
                  </Badge>
                )}
              </Group>
            </Group>
            <Text size="sm" c="dimmed">
              Logbook ID: {logbook.logid}
            </Text>
          </Card>
        </li>
      ))}
    </Stack>
  );
}
