import { Paper, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useJournal } from '../../../features/journals/api/get-journal';
import { ManageJournalForm } from '../../../features/journals/components/manage-journal-form';

export function Component() {
  const { jid = '' } = useParams();
  const navigate = useNavigate();
  const journal = useJournal(jid);
  const detailHref = paths.journals.detail.href(jid);
  return (
    <Page title="Journal Settings" size="sm">
      <Breadcrumbs
        items={[
          { label: 'Home', href: paths.home.href() },
          { label: 'Journals', href: paths.journals.home.href() },
          { label: journal.data?.title ?? 'Journal', href: detailHref },
          { label: 'Settings' },
        ]}
      />
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        Journal Settings
      </Title>
      {journal.isPending ? (
        <PageLoader label="Loading journal" />
      ) : journal.isError ? (
        <Forbidden text="This Journal is Forbidden..." />
      ) : (
        <Paper withBorder p="lg">
          <ManageJournalForm
            journal={journal.data}
            exitHref={detailHref}
            onSaved={(saved) => navigate(paths.journals.detail.href(saved.jid))}
          />
        </Paper>
      )}
    </Page>
  );
}
