import type { JournalSummary } from '@caravanserai/api';
import { Text } from '@mantine/core';
import { CardList } from '../../../components/card-list';
import { EmptyList } from '../../../components/empty-list';
import { paths } from '../../../config/paths';

/** The user's journals as links, or the empty state. */
export function JournalList({ journals, loading }: { journals: JournalSummary[]; loading: boolean }) {
  return (
    <CardList
      items={journals}
      loading={loading}
      loadingLabel="Loading journals"
      empty={
        <EmptyList
          title="No journals found."
          hint="You may need to login, then create a journal."
          create={{ label: 'Create a Journal', href: paths.journals.create.href() }}
        />
      }
      label="Journals"
      itemKey={(journal) => journal.jid}
      href={(journal) => paths.journals.detail.href(journal.jid)}
    >
      {(journal) => (
        <>
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {journal.title}
          </Text>
          <Text size="sm" c="dimmed">
            Journal ID: {journal.jid}
          </Text>
        </>
      )}
    </CardList>
  );
}
