import type { Logbook } from '@caravanserai/api';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { FormPage } from '../../../components/form-page';
import { SignInFirst } from '../../../components/sign-in-first';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { journalKeys } from '../../../features/journals/api/journal-keys';
import { useLogbookChoices } from '../../../features/logbooks/api/logbook-choices';
import { LogbookForm } from '../../../features/logbooks/components/logbook-form';

export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const { user, isLoading } = useCurrentUser();
  const choices = useLogbookChoices();

  const onCreated = (logbook: Logbook) => {
    // The journal's page lists its logbooks.
    void queryClient.invalidateQueries({ queryKey: journalKeys.all });
    navigate(paths.logbooks.detail.href(logbook.logid));
  };

  return (
    <FormPage
      title="New Logbook"
      size="sm"
      breadcrumbs={fromHome(
        { label: 'Logbooks', href: paths.logbooks.home.href() },
        { label: 'New Logbook' },
      )}
      notice={!isLoading && !user && <SignInFirst things="Logbooks" />}
      // The form starts from the user's settings, so it waits for them.
      loading={choices.isPending || isLoading}
      loadingLabel="Loading your journals and wells"
    >
      <LogbookForm
        choices={choices.data ?? { journals: [], wells: [] }}
        // Journal and well pages link here with their own id preselected.
        initialJournal={search.get('journal') ?? ''}
        initialWell={search.get('well') ?? ''}
        initialMemory={user?.memory_default ?? true}
        onSaved={onCreated}
      />
    </FormPage>
  );
}
