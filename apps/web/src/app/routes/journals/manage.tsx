import { useNavigate, useParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { FormPage } from '../../../components/form-page';
import { paths } from '../../../config/paths';
import { useJournal } from '../../../features/journals/api/get-journal';
import { JournalForm } from '../../../features/journals/components/journal-form';

export function Component() {
  const { jid = '' } = useParams();
  const navigate = useNavigate();
  const journal = useJournal(jid);
  const detailHref = paths.journals.detail.href(jid);
  return (
    <FormPage
      title="Journal Settings"
      size="sm"
      breadcrumbs={fromHome(
        { label: 'Journals', href: paths.journals.home.href() },
        { label: journal.data?.title ?? 'Journal', href: detailHref },
        { label: 'Settings' },
      )}
      loading={journal.isPending}
      loadingLabel="Loading journal"
      failure={journal.isError && <Forbidden text="This Journal is Forbidden..." />}
    >
      {journal.data && (
        <JournalForm
          journal={journal.data}
          exitHref={detailHref}
          onSaved={(saved) => navigate(paths.journals.detail.href(saved.jid))}
        />
      )}
    </FormPage>
  );
}
