import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import type { LinkTo } from './start-buttons';

/** An empty list of the user's own things: signed out is the usual reason, so both ways on are offered. */
export function EmptyList({ title, hint, create }: { title: string; hint: string; create: LinkTo }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        <Text c="dimmed">{hint}</Text>
        <Group mt="xs">
          <Button component={Link} to={paths.login.href()} variant="default">
            Login
          </Button>
          <Button component={Link} to={create.href}>
            {create.label}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
