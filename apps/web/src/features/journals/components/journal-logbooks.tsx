import type { Journal } from '@caravanserai/api';
import { Group, Text } from '@mantine/core';
import { CardList } from '../../../components/card-list';
import { LogbookBadges } from '../../../components/logbook-badges';
import { paths } from '../../../config/paths';

/** "This Journal's Logbooks": each one a link showing its title and ID. */
export function JournalLogbooks({ logbooks }: { logbooks: Journal['logbooks'] }) {
  return (
    <CardList
      items={logbooks}
      empty={<Text c="dimmed">No logbooks in this Journal yet.</Text>}
      label="Logbooks"
      itemKey={(logbook) => logbook.logid}
      href={(logbook) => paths.logbooks.detail.href(logbook.logid)}
    >
      {(logbook) => (
        <>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {logbook.title}
            </Text>
            <LogbookBadges flags={logbook} />
          </Group>
          <Text size="sm" c="dimmed">
            Logbook ID: {logbook.logid}
          </Text>
        </>
      )}
    </CardList>
  );
}
