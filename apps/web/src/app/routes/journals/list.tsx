import { ListPage } from '../../../components/list-page';
import { paths } from '../../../config/paths';
import { useJournals } from '../../../features/journals/api/get-journals';
import { JournalList } from '../../../features/journals/components/journal-list';

export function Component() {
  const journals = useJournals();
  return (
    <ListPage
      title="Your Journals"
      area={{ label: 'Journals', href: paths.journals.home.href() }}
      create={{ label: 'New Journal', href: paths.journals.create.href() }}
    >
      {/* A failed load (signed out, for one) shows the empty state, which says what to do. */}
      <JournalList journals={journals.data ?? []} loading={journals.isPending} />
    </ListPage>
  );
}
