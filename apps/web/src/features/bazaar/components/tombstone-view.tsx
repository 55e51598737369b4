import type { Tombstone } from '@caravanserai/api';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDay } from '../lib/dates';

/** What is left of a withdrawn or removed listing: why it is gone, what it was, whose, and since when. */
export function TombstoneView({ tombstone }: { tombstone: Tombstone }) {
  const { title, author, date } = tombstone.tombstone;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Title order={1} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Text fw={600} role="status">
          {tombstone.detail}
        </Text>
        <Text size="sm" c="dimmed">
          By{' '}
          <Anchor component={Link} to={paths.profile.href(author.username)} inherit>
            {author.username}
          </Anchor>
          , gone since {formatDay(date)}. Forks made before then stay their owners'.
        </Text>
        <Anchor component={Link} to={paths.bazaar.home.href()} size="sm">
          Back to the Bazaar
        </Anchor>
      </Stack>
    </Paper>
  );
}
