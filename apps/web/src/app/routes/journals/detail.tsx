import { useParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useJournal } from '../../../features/journals/api/get-journal';
import { JournalDetails } from '../../../features/journals/components/journal-details';

export function Component() {
  const { jid = '' } = useParams();
  const journal = useJournal(jid);
  const title = journal.data?.title ?? 'Journal';
  // The new logbook form preselects this journal.
  const createLogbookHref = `${paths.logbooks.create.href()}?${new URLSearchParams({ journal: jid })}`;
  return (
    <Page
      title={title}
      breadcrumbs={fromHome({ label: 'Journals', href: paths.journals.home.href() }, { label: title })}
    >
      {journal.isPending ? (
        <PageLoader label="Loading journal" />
      ) : journal.isError ? (
        <Forbidden text="This Journal is Forbidden..." />
      ) : (
        <JournalDetails journal={journal.data} createLogbookHref={createLogbookHref} />
      )}
    </Page>
  );
}
