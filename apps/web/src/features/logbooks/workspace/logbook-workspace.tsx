import type { CurrentUser, Logbook } from '@caravanserai/api';
import { INVALID_LOG_XML } from '@caravanserai/logbook';
import { Alert, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useCallback, useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ForkPanel } from './fork-panel';
import { LogView, type LogViewHandle } from './log-view';
import { NoWellPanel } from './no-well-panel';
import { QueryFailureAlert } from './query-failure-alert';
import { type ComposeMode, Scribe } from './scribe';
import { ShellBox } from './shell-box';
import { useViewMode } from './use-view-mode';
import { useWorkspace } from './use-workspace';
import classes from './workspace.module.css';
import { WorkspaceHeader } from './workspace-header';
import { WorkspaceToolbar } from './workspace-toolbar';

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
  user,
  focusScribe = false,
  openAt = null,
  onDeleted,
  onForked,
}: {
  logbook: Logbook;
  updatedAt: number;
  user: CurrentUser | null;
  /** Put the caret in the Scribe when it appears (a logbook just started in one step). */
  focusScribe?: boolean;
  /** Open the log at this entry (its index), as a search result's link asks, instead of at the end. */
  openAt?: number | null;
  onDeleted: () => void;
  onForked: (logid: string) => void;
}) {
  const log = useRef<LogViewHandle>(null);
  const follow = useCallback(() => log.current?.follow(), []);
  const ws = useWorkspace({ logbook, updatedAt, user, onShellWrite: follow });
  const [view, setView] = useViewMode();
  const toolbar = useElementSize();
  const composer = useElementSize();
  // The Scribe (drawn for those who can write) takes the caret when it appears.
  // Opened at an entry, the reader came to read it: the caret would scroll the page away from it.
  const [scribeFocus] = useState(() => focusScribe || (openAt === null && hasFinePointer()));

  const send = (mode: ComposeMode, text: string) => {
    log.current?.tail();
    return ws.send(mode, text);
  };
  const retry = (qid: string) => {
    log.current?.tail();
    void ws.ask.retry(qid);
  };

  const deleting = ws.toDelete;
  return (
    <Stack gap="sm">
      <WorkspaceHeader
        logbook={logbook}
        entries={ws.entries}
        totals={ws.totals}
        isOwner={ws.isOwner}
        savingWell={ws.settings.savingWell}
        onWellChange={ws.settings.setWell}
        onDeleted={onDeleted}
      />
      <WorkspaceToolbar
        ref={toolbar.ref}
        view={view}
        onViewChange={setView}
        showViews={ws.editable}
        memory={ws.settings.memory}
        onHead={() => log.current?.head()}
        onTail={() => log.current?.tail()}
      />
      {ws.entries === null ? (
        <Alert color="red" role="alert">
          {INVALID_LOG_XML}
        </Alert>
      ) : (
        <LogView
          ref={log}
          rows={ws.rows}
          editable={ws.editable}
          actions={ws.entryActions}
          editingKey={ws.editingKey}
          asking={ws.ask.asking}
          startAtEnd={ws.editable}
          openAt={openAt}
          paddingStart={APP_HEADER_PX + toolbar.height + BREATHING_PX * 2}
          paddingEnd={composer.height + BREATHING_PX * 2}
        />
      )}
      {(ws.editable || logbook.salted) && (
        <div ref={composer.ref} className={classes.composer}>
          {ws.editable ? (
            <>
              {ws.ask.failure && (
                <QueryFailureAlert
                  failure={ws.ask.failure}
                  wellTitle={logbook.well?.title ?? null}
                  canRetry={!ws.ask.asking}
                  onRetry={retry}
                  onClose={ws.ask.dismissFailure}
                />
              )}
              {view === 'chat' ? (
                <>
                  {logbook.logwell === null && (
                    <NoWellPanel saving={ws.settings.savingWell} onChoose={ws.settings.setWell} />
                  )}
                  <Scribe
                    autoFocus={scribeFocus}
                    asking={ws.ask.asking}
                    stopping={ws.ask.stopping}
                    hasWell={logbook.logwell !== null}
                    memory={ws.settings.memory}
                    onMemoryChange={ws.settings.setMemory}
                    onSend={send}
                    onStop={ws.ask.stop}
                  />
                </>
              ) : (
                <ShellBox shell={ws.shell} />
              )}
            </>
          ) : (
            <ForkPanel logid={logbook.logid} signedIn={user !== null} onForked={onForked} />
          )}
        </div>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete entry"
        message={DELETE_ENTRY_CONFIRM}
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) ws.entryActions.blank(deleting);
          ws.closeDelete();
        }}
        onClose={ws.closeDelete}
      />
    </Stack>
  );
}
