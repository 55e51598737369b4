import type { Logbook } from '@caravanserai/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { logbookKeys } from '../../api/logbook-keys';
import { useCancelQuery } from '../api/cancel-query';
import { useSetHead } from '../api/set-head';
import { useStreamQuery } from '../api/stream-query';
import { useWriteEntry } from '../api/write-entry';
import type { LogSnapshot } from './log-snapshot';
import { LogbookSession } from './logbook-session';
import type { LogbookSessionState } from './session-state';
import { useLogbookSync, useVersionMarker } from './use-live-logbook';
import { notifyWriteFailed } from './write-errors';

/**
 * The open logbook's session, created once per page and fed each fetch of the logbook. Its writes
 * go through the logbook's mutation scope; its parsed log is kept in the query cache beside the
 * fetched logbook, so opening the page again parses nothing until a newer version is fetched.
 */
export function useLogbookSession(logbook: Logbook, fetchedAt: number): LogbookSession {
  const queryClient = useQueryClient();
  const { logid } = logbook;
  const sync = useLogbookSync(logid);
  // Each of these keeps its identity while the page is open (the page is keyed by logid).
  const { mutateAsync: writeEntry } = useWriteEntry(logid);
  const streamQuery = useStreamQuery(logid);
  const { mutateAsync: cancelQuery } = useCancelQuery();
  const setHead = useSetHead(logid);
  const [session] = useState(
    () =>
      new LogbookSession({
        logid,
        fetched: { log: logbook.log, version: logbook.version, fetchedAt, head: logbook.head },
        saved: queryClient.getQueryData<LogSnapshot>(logbookKeys.entries(logid)),
        ports: {
          writeEntry,
          streamQuery,
          cancelQuery,
          setHead,
          refetch: sync.refetch,
          announce: sync.announce,
          writeFailed: notifyWriteFailed,
        },
      }),
  );

  // Before paint, so a fetched log never shows a frame late.
  useLayoutEffect(() => {
    session.receive(logbook.log, logbook.version, fetchedAt, logbook.head);
  }, [session, logbook.log, logbook.version, logbook.head, fetchedAt]);

  useEffect(() => {
    const key = logbookKeys.entries(logid);
    let saved = session.getSnapshot().log;
    queryClient.setQueryData(key, saved);
    const unsubscribe = session.subscribe(() => {
      const { log } = session.getSnapshot();
      if (log === saved) return;
      saved = log;
      queryClient.setQueryData(key, log);
    });
    return () => {
      unsubscribe();
      // Leaving the page stops listening to an answer in flight; the server still stores it.
      session.dispose();
    };
  }, [session, queryClient, logid]);

  const version = useSyncExternalStore(session.subscribe, () => session.getSnapshot().log.version);
  useVersionMarker(logbook, version, fetchedAt, sync);
  return session;
}

/** The session's state, read by React: a render whenever the session changes. */
export function useSessionState(session: LogbookSession): LogbookSessionState {
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}
