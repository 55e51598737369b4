import type { LogbookSummary } from '@caravanserai/api';
import { Group, Stack, Text } from '@mantine/core';
import { CardList } from '../../../components/card-list';
import { EmptyList } from '../../../components/empty-list';
import { LogbookBadges } from '../../../components/logbook-badges';
import { paths } from '../../../config/paths';
import { formatDate } from './format-date';

/** The user's logbooks as links, or the empty state. */
export function LogbookList({ logbooks, loading }: { logbooks: LogbookSummary[]; loading: boolean }) {
  return (
    <CardList
      items={logbooks}
      loading={loading}
      loadingLabel="Loading logbooks"
      empty={
        <EmptyList
          title="No logbooks found."
          hint="You may need to login, then create a logbook."
          create={{ label: 'Create a Logbook', href: paths.logbooks.create.href() }}
        />
      }
      label="Logbooks"
      itemKey={(logbook) => logbook.logid}
      href={(logbook) => paths.logbooks.detail.href(logbook.logid)}
    >
      {(logbook) => (
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
      )}
    </CardList>
  );
}
