import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { caravansQueryOptions } from '../../../features/caravans/api/get-caravans';
import { journalQueryOptions } from '../../../features/journals/api/get-journal';
import { useLogbook, useLogbookPage } from '../../../features/logbooks/api/get-logbook';
import { wantsScribeFocus } from '../../../features/logbooks/components/scribe-focus';
import { LogCopyList } from '../../../features/logbooks/workspace/components/log/log-copy';
import { LogbookWorkspace } from '../../../features/logbooks/workspace/components/logbook-workspace';
import { entryFromHash } from '../../../features/logbooks/workspace/model/entry-hash';

// Only an owner who opens it downloads the Publish dialog.
const PublishDialog = lazy(() =>
  import('../../../features/bazaar/components/publish-dialog').then((module) => ({
    default: module.PublishDialog,
  })),
);

/** /logbooks/{logid}: the logbook workspace, where the conversation happens. */
export function Component() {
  const { logid = '' } = useParams();
  const logbook = useLogbook(logid);
  const page = useLogbookPage(logid);
  const { user } = useCurrentUser();
  // The journal's instructions go with every question (DESIGN 12): the Scribe names them to its
  // owner, the one who asks there (and the only one who may read the journal).
  const jid = logbook.data?.jid ?? null;
  const owns = user !== null && logbook.data?.owner.username === user.username;
  const journal = useQuery({ ...journalQueryOptions(jid ?? ''), enabled: jid !== null && owns });
  // Publishing to the Bazaar (DESIGN 10): a member of caravans may publish for one of them only.
  const [publishing, publish] = useDisclosure(false);
  const caravans = useQuery({ ...caravansQueryOptions(), enabled: publishing });
  const navigate = useNavigate();
  const location = useLocation();
  const title = logbook.data?.title ?? 'Logbook';
  return (
    <Page
      title={title}
      breadcrumbs={fromHome({ label: 'Logbooks', href: paths.logbooks.home.href() }, { label: title })}
    >
      {/* A failed background refresh keeps the log on screen; only a first load can be Forbidden. */}
      {!logbook.data || !page.data ? (
        logbook.isError || page.isError ? (
          <Forbidden text="This Logbook is Forbidden..." />
        ) : (
          <PageLoader label="Loading logbook" />
        )
      ) : (
        <LogbookWorkspace
          key={logid}
          logbook={logbook.data}
          updatedAt={logbook.dataUpdatedAt}
          page={page.data}
          pageFetchedAt={page.dataUpdatedAt}
          user={user}
          journalInstructions={journal.data?.instructions ?? ''}
          focusScribe={wantsScribeFocus(location.state)}
          openAt={entryFromHash(location.hash)}
          onDeleted={() => navigate(paths.logbooks.list.href())}
          onForked={(forkId) => navigate(paths.logbooks.detail.href(forkId))}
          onPublish={owns ? publish.open : undefined}
        />
      )}
      {publishing && logbook.data && (
        <Suspense fallback={null}>
          <PublishDialog
            logid={logid}
            title={logbook.data.title}
            opened={publishing}
            onClose={publish.close}
            caravans={caravans.data ?? []}
            renderCopy={(copy) => <LogCopyList xml={copy.log} files={copy.files} />}
          />
        </Suspense>
      )}
    </Page>
  );
}
