import type { Logbook } from '@caravanserai/api';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { FormPage } from '../../../components/form-page';
import { paths } from '../../../config/paths';
import { journalKeys } from '../../../features/journals/api/journal-keys';
import { useLogbook } from '../../../features/logbooks/api/get-logbook';
import { useLogbookChoices } from '../../../features/logbooks/api/logbook-choices';
import { LogbookForm } from '../../../features/logbooks/components/logbook-form';

export function Component() {
  const { logid = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logbook = useLogbook(logid);
  const choices = useLogbookChoices();
  const detailHref = paths.logbooks.detail.href(logid);

  const onSaved = (saved: Logbook) => {
    // Its title or journal may have changed, and journal pages list their logbooks.
    void queryClient.invalidateQueries({ queryKey: journalKeys.all });
    navigate(paths.logbooks.detail.href(saved.logid));
  };

  return (
    <FormPage
      title="Logbook Settings"
      breadcrumbs={fromHome(
        { label: 'Logbooks', href: paths.logbooks.home.href() },
        { label: logbook.data?.title ?? 'Logbook', href: detailHref },
        { label: 'Settings' },
      )}
      loading={logbook.isPending || choices.isPending}
      loadingLabel="Loading logbook"
      failure={logbook.isError && <Forbidden text="This Logbook is Forbidden..." />}
    >
      {logbook.data && (
        <LogbookForm
          logbook={logbook.data}
          choices={choices.data ?? { journals: [], wells: [] }}
          exitHref={detailHref}
          onSaved={onSaved}
        />
      )}
    </FormPage>
  );
}
