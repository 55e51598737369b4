import type { Logbook } from '@caravanserai/api';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LogbookBadges } from './logbook-badges';

/** Title, owner, well and flags of a logbook; Settings only for its owner (spec 000 §6). */
export function LogbookHeader({ logbook, canManage }: { logbook: Logbook; canManage: boolean }) {
  return (
    <Stack gap="xs">
      {logbook.well && (
        <Anchor component={Link} to={paths.wells.detail.href(logbook.well.wellid)} fw={500}>
          Using Well: {logbook.well.title}
        </Anchor>
      )}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
          {logbook.title}
        </Title>
        {canManage && (
          <Button component={Link} to={paths.logbooks.manage.href(logbook.logid)} variant="default">
            Settings
          </Button>
        )}
      </Group>
      <Group gap="sm">
        <Text c="dimmed">
          owner:{' '}
          <Anchor component={Link} to={paths.profile.href(logbook.owner.username)}>
            {logbook.owner.username}
          </Anchor>
        </Text>
        <LogbookBadges flags={logbook} />
      </Group>
      {logbook.description && (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{logbook.description}</Text>
      )}
    </Stack>
  );
}
