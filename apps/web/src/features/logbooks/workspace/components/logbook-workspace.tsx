import type { CurrentUser, EntriesPage, LogbookOverview } from '@caravanserai/api';
import { Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { logbookKeys } from '../../api/logbook-keys';
import type { EntryActions } from '../model/entry-actions';
import { useLogbookSession, useSessionState } from '../model/use-logbook-session';
import { useLogbookSettings } from '../model/use-logbook-settings';
import { ForkPanel } from './composer/fork-panel';
import { NoWellPanel } from './composer/no-well-panel';
import { QueryFailureAlert } from './composer/query-failure-alert';
import { type ComposeMode, Scribe } from './composer/scribe';
import { hasInstructions } from './composer/sent-to-model';
import { ShellBox } from './composer/shell-box';
import { useShellBox } from './composer/use-shell-box';
import { WorkspaceHeader } from './header/workspace-header';
import { WorkspaceToolbar } from './header/workspace-toolbar';
import { CompareView } from './log/compare-view';
import { LogFilesContext, useKnownFiles } from './log/log-files';
import { LogView, type LogViewHandle } from './log/log-view';
import { useEscapeToStop } from './use-escape-to-stop';
import { useViewMode } from './use-view-mode';
import classes from './workspace.module.css';

export const DELETE_ENTRY_CONFIRM = 'Are you sure you want to delete this Logbook entry?';

// The app header's height: rows scrolled to the top must not end up under it.
const APP_HEADER_PX = 60;
const BREATHING_PX = 16;

// On touch screens the caret would open the on-screen keyboard over the log: only a logbook just
// started asks for it there.
function hasFinePointer(): boolean {
  return typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches;
}

/** The logbook page below its breadcrumbs: header, toolbar, the log, and the composer. */
export function LogbookWorkspace({
  logbook,
  updatedAt,
  page,
  pageFetchedAt,
  user,
  journalInstructions = '',
  focusScribe = false,
  openAt = null,
  onDeleted,
  onForked,
  onPublish,
}: {
  logbook: LogbookOverview;
  /** When the logbook's settings were read. */
  updatedAt: number;
  /** The newest page of its active path, and when it was read. */
  page: EntriesPage;
  pageFetchedAt: number;
  user: CurrentUser | null;
  /** The instructions of the journal the logbook is filed in ('' for none, or not known). */
  journalInstructions?: string;
  /** Put the caret in the Scribe when it appears (a logbook just started in one step). */
  focusScribe?: boolean;
  /** Open the log at this entry (its index), as a search result's link asks, instead of at the end. */
  openAt?: number | null;
  onDeleted: () => void;
  onForked: (logid: string) => void;
  /** Opens the page's Publish dialog (its owner's menu offers it). */
  onPublish?: () => void;
}) {
  const log = useRef<LogViewHandle>(null);
  const session = useLogbookSession(logbook, updatedAt, page, pageFetchedAt);
  const state = useSessionState(session);
  const settings = useLogbookSettings(logbook);
  const files = useKnownFiles(state.files);
  const asking = state.answer !== null;
  // The Scribe's own change (Send back, Stop gone) is drawn just after the log's: a stored answer
  // shows in the frame its last event arrives, the composer's re-layout in the next.
  const composerAsking = useDeferredValue(asking);
  const composerStopping = useDeferredValue(state.answer?.stopping ?? false);
  useEscapeToStop(asking, session.stop);
  // The shell box changed the log, or a setting (memory): the page shows the end, where the change is.
  const queryClient = useQueryClient();
  const shellChanged = useCallback(() => {
    log.current?.follow();
    session.reload();
    void queryClient.invalidateQueries({ queryKey: logbookKeys.detail(session.logid), exact: true });
  }, [session, queryClient]);
  const shell = useShellBox({
    logid: logbook.logid,
    wellid: logbook.logwell,
    user,
    onLogbookChanged: shellChanged,
  });
  const isOwner = user !== null && user.username === logbook.owner.username;
  const editable = isOwner && !logbook.salted;
  const [view, setView] = useViewMode();
  const toolbar = useElementSize();
  const composer = useElementSize();
  // The Scribe (drawn for those who can write) takes the caret when it appears.
  // Opened at an entry, the reader came to read it: the caret would scroll the page away from it.
  // Any reader may look through the versions; only the owner's choice is kept as the head.
  const actions = useMemo<EntryActions>(
    () =>
      isOwner ? session : { ...session, switchBranch: (eid: string) => session.switchBranch(eid, false) },
    [isOwner, session],
  );
  const [scribeFocus] = useState(() => focusScribe || (openAt === null && hasFinePointer()));
  // Opened at an entry on another branch (a search hit): that branch is shown, and for the owner kept.
  useEffect(() => {
    if (openAt !== null) session.showEntry(openAt, isOwner);
  }, [openAt, isOwner, session]);

  // Stable, so the Scribe and the toolbar (memo) re-render only when what they show changes.
  const send = useCallback(
    (mode: ComposeMode, text: string, fileIds: string[], wellids: string[]) => {
      log.current?.tail();
      return session.send(mode, text, fileIds, wellids);
    },
    [session],
  );
  // A compare's answers are drawn side by side under their question, not as the log's rows; the
  // question is answered there (no Retry under it).
  const { compare } = state;
  const comparedQid = compare?.qid ?? null;
  const rows = useMemo(() => {
    if (comparedQid === null) return state.rows;
    return state.rows.flatMap((row) => {
      if (row.entry.attrs.qid !== comparedQid) return [row];
      if (row.entry.tag !== 'query') return [];
      return [row.unanswered ? { ...row, unanswered: false } : row];
    });
  }, [state.rows, comparedQid]);
  const toHead = useCallback(() => log.current?.head(), []);
  const toTail = useCallback(() => log.current?.tail(), []);
  const retry = (qid: string) => {
    log.current?.tail();
    void session.retry(qid);
  };

  return (
    <Stack gap="sm">
      <WorkspaceHeader
        logbook={logbook}
        isOwner={isOwner}
        savingWell={settings.savingWell}
        onWellChange={settings.setWell}
        onDeleted={onDeleted}
        onPublish={onPublish}
      />
      <WorkspaceToolbar
        ref={toolbar.ref}
        view={view}
        onViewChange={setView}
        showViews={editable}
        memory={settings.memory}
        onHead={toHead}
        onTail={toTail}
      />
      <LogFilesContext value={files.known}>
        <LogView
          ref={log}
          rows={rows}
          older={{
            more: state.log.more,
            before: state.log.before,
            loading: state.loadingOlder,
            load: session.loadOlder,
            loadToStart: session.loadToStart,
          }}
          editable={editable}
          actions={actions}
          editingKey={state.editingKey}
          asking={asking}
          startAtEnd={editable}
          openAt={openAt}
          paddingStart={APP_HEADER_PX + toolbar.height + BREATHING_PX * 2}
          paddingEnd={composer.height + BREATHING_PX * 2}
          footer={compare && <CompareView run={compare} onKeep={(eid) => void session.keepAnswer(eid)} />}
        />
      </LogFilesContext>
      {(editable || logbook.salted) && (
        <div ref={composer.ref} className={classes.composer}>
          {editable ? (
            <>
              {state.failure && (
                <QueryFailureAlert
                  failure={state.failure}
                  wellTitle={logbook.well?.title ?? null}
                  canRetry={!asking}
                  onRetry={retry}
                  onClose={session.dismissFailure}
                />
              )}
              {view === 'chat' ? (
                <>
                  {logbook.logwell === null && (
                    <NoWellPanel saving={settings.savingWell} onChoose={settings.setWell} />
                  )}
                  <Scribe
                    logid={logbook.logid}
                    onFileUploaded={files.add}
                    autoFocus={scribeFocus}
                    asking={composerAsking}
                    stopping={composerStopping}
                    hasWell={logbook.logwell !== null}
                    wellid={logbook.logwell}
                    memory={settings.memory}
                    userInstructions={hasInstructions(user?.instructions)}
                    journalInstructions={hasInstructions(journalInstructions)}
                    onMemoryChange={settings.setMemory}
                    onSend={send}
                    onStop={session.stop}
                  />
                </>
              ) : (
                <ShellBox shell={shell} />
              )}
            </>
          ) : (
            <ForkPanel logid={logbook.logid} signedIn={user !== null} onForked={onForked} />
          )}
        </div>
      )}
      <ConfirmModal
        opened={state.toDelete !== null}
        title="Delete entry"
        message={DELETE_ENTRY_CONFIRM}
        confirmLabel="Delete"
        onConfirm={session.confirmDelete}
        onClose={session.closeDelete}
      />
    </Stack>
  );
}
