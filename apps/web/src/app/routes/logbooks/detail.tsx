import { useLocation, useNavigate, useParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
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
          focusScribe={wantsScribeFocus(location.state)}
          openAt={entryFromHash(location.hash)}
          onDeleted={() => navigate(paths.logbooks.list.href())}
          onForked={(forkId) => navigate(paths.logbooks.detail.href(forkId))}
        />
      )}
    </Page>
  );
}
