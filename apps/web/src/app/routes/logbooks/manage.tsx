import type { Logbook } from '@caravanserai/api';
import { Paper, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { journalKeys } from '../../../features/journals/api/journal-keys';
import { useLogbook } from '../../../features/logbooks/api/get-logbook';
import { useLogbookChoices } from '../../../features/logbooks/api/logbook-choices';
import { ManageLogbookForm } from '../../../features/logbooks/components/manage-logbook-form';

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
    <Page title="Logbook Settings">
      <Breadcrumbs
        items={[
          { label: 'Home', href: paths.home.href() },
          { label: 'Logbooks', href: paths.logbooks.home.href() },
          { label: logbook.data?.title ?? 'Logbook', href: detailHref },
          { label: 'Settings' },
        ]}
      />
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        Logbook Settings
      </Title>
      {logbook.isPending || choices.isPending ? (
        <PageLoader label="Loading logbook" />
      ) : logbook.isError ? (
        <Forbidden text="This Logbook is Forbidden..." />
      ) : (
        <Paper withBorder p="lg">
          <ManageLogbookForm
            logbook={logbook.data}
            choices={choices.data ?? { journals: [], wells: [] }}
            exitHref={detailHref}
            onSaved={onSaved}
          />
        </Paper>
      )}
    </Page>
  );
}
