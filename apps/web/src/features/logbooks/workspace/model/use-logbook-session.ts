import type { EntriesPage, LogbookOverview } from '@caravanserai/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { api } from '../../../../lib/api';
import { logbookKeys } from '../../api/logbook-keys';
import { useCancelQuery } from '../api/cancel-query';
import { useSetHead } from '../api/set-head';
import { useStreamQuery } from '../api/stream-query';
import { useWriteEntry } from '../api/write-entry';
import { pageOf } from './log-snapshot';
import { LogbookSession } from './logbook-session';
import type { LogbookSessionState } from './session-state';
import { useLogbookSync, useVersionMarker } from './use-live-logbook';
import { notifyWriteFailed } from './write-errors';

/**
 * The open logbook's session, created once per page from the newest page of its entries, and fed
 * each later read of that page. Its writes go through the logbook's mutation scope. `updatedAt`
 * is when the logbook's settings were read.
 */
export function useLogbookSession(
  logbook: LogbookOverview,
  updatedAt: number,
  page: EntriesPage,
  fetchedAt: number,
): LogbookSession {
  const queryClient = useQueryClient();
  const { logid } = logbook;
  // Each of these keeps its identity while the page is open (the page is keyed by logid).
  const { mutateAsync: writeEntry } = useWriteEntry(logid);
  const { stream: streamQuery, compare: compareQuery } = useStreamQuery(logid);
  const { mutateAsync: cancelQuery } = useCancelQuery();
  const setHead = useSetHead(logid);
  const reload = useRef<() => void>(() => undefined);
  const [tokens] = useState(() =>
    tokenTotalsRefresh(() => queryClient.invalidateQueries({ queryKey: logbookKeys.tokens(logid) })),
  );
  const sync = useLogbookSync(logid, reload);
  const [session] = useState(
    () =>
      new LogbookSession({
        logid,
        page,
        fetchedAt,
        ports: {
          writeEntry,
          streamQuery,
          compareQuery,
          cancelQuery,
          setHead,
          readPage: (query) => api.logbooks.entries(logid, query),
          announce: sync.announce,
          answersChanged: () => tokens.changed(),
          writeFailed: notifyWriteFailed,
        },
      }),
  );
  reload.current = session.reload;

  // Before paint, so a page read again never shows a frame late.
  useLayoutEffect(() => {
    session.receive(page, fetchedAt);
  }, [session, page, fetchedAt]);

  // Leaving the page stops listening to an answer in flight; the server still stores it.
  useEffect(
    () => () => {
      session.dispose();
      tokens.cancel();
      // Opened again, the page starts from what this one held, its own writes included (the
      // head's path only: a reader's choice of branch is not the logbook's).
      const { log } = session.getSnapshot();
      const key = logbookKeys.entries(logid);
      if (session.showsOtherBranch() || log.path.length > KEPT_ENTRIES)
        queryClient.removeQueries({ queryKey: key });
      else queryClient.setQueryData(key, pageOf(log));
    },
    [session, tokens, queryClient, logid],
  );

  const version = useSyncExternalStore(session.subscribe, () => session.getSnapshot().log.version);
  useVersionMarker(logbook, version, Math.min(updatedAt, fetchedAt), sync);
  return session;
}

/** The session's state, read by React: a render whenever the session changes. */
export function useSessionState(session: LogbookSession): LogbookSessionState {
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}

/** The most entries a page left keeps for its next opening; past that it reads the newest again. */
const KEPT_ENTRIES = 1000;

/** How long after answers change the header's token totals are read again: never in their frame. */
const TOKENS_REFRESH_MS = 400;

/** Reads the token totals again a moment after answers changed, once for a burst of changes. */
function tokenTotalsRefresh(refresh: () => unknown) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    changed: () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), TOKENS_REFRESH_MS);
    },
    cancel: () => clearTimeout(timer),
  };
}
