import { ListPage } from '../../../components/list-page';
import { paths } from '../../../config/paths';
import { useLogbooks } from '../../../features/logbooks/api/get-logbooks';
import { LogbookList } from '../../../features/logbooks/components/logbook-list';

export function Component() {
  const logbooks = useLogbooks();
  return (
    <ListPage
      title="Your Logbooks"
      area={{ label: 'Logbooks', href: paths.logbooks.home.href() }}
      create={{ label: 'New Logbook', href: paths.logbooks.create.href() }}
    >
      {/* A failed load (signed out, for one) shows the empty state, which says what to do. */}
      <LogbookList logbooks={logbooks.data ?? []} loading={logbooks.isPending} />
    </ListPage>
  );
}
