import { useNavigate } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { FormPage } from '../../../components/form-page';
import { SignInFirst } from '../../../components/sign-in-first';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { JournalForm } from '../../../features/journals/components/journal-form';

export function Component() {
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  return (
    <FormPage
      title="New Journal"
      size="sm"
      breadcrumbs={fromHome(
        { label: 'Journals', href: paths.journals.home.href() },
        { label: 'New Journal' },
      )}
      notice={!isLoading && !user && <SignInFirst things="Journals" />}
    >
      <JournalForm onSaved={() => navigate(paths.journals.list.href())} />
    </FormPage>
  );
}
