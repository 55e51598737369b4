import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { journalQueryOptions } from '../../../features/journals/api/get-journal';
import { useLogbook, useLogbookPage } from '../../../features/logbooks/api/get-logbook';
import { wantsScribeFocus } from '../../../features/logbooks/components/scribe-focus';
import { LogbookWorkspace } from '../../../features/logbooks/workspace/components/logbook-workspace';
import { entryFromHash } from '../../../features/logbooks/workspace/model/entry-hash';

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
        />
      )}
    </Page>
  );
}
