import type { LogbookVersion } from '@caravanserai/api';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { logbookKeys } from './logbook-keys';

/** How often an open logbook asks whether it changed elsewhere, when it cannot listen. */
export const VERSION_POLL_MS = 4_000;
/** A listening stream that ended is opened again after this, doubling up to the cap. */
const RELISTEN_MS = 1_000;
const RELISTEN_MAX_MS = 30_000;

export function getLogbookVersion(logid: string): Promise<LogbookVersion> {
  return api.logbooks.version(logid);
}

export const logbookVersionQueryOptions = (logid: string, listening = false) =>
  queryOptions({
    queryKey: logbookKeys.version(logid),
    queryFn: () => getLogbookVersion(logid),
    // The marker is tiny: ask on every focus, and on a timer (which TanStack pauses in hidden
    // tabs) while the server's stream of changes is not heard.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    // A logbook that became unreadable (deleted, made private) is not asked about again.
    refetchInterval: (query) => (query.state.status === 'error' || listening ? false : VERSION_POLL_MS),
    refetchIntervalInBackground: false,
    retry: false,
  });

/**
 * Listens to the logbook's changes through the server (`GET .../events/`, DESIGN 9): each marker
 * heard is the version query's data, as if it had been asked for. Says whether it is listening;
 * while not (the stream could not open or ended), the marker is polled and the stream tried again.
 */
function useLogbookEvents(logid: string, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [listening, setListening] = useState(false);
  const visible = usePageVisible();

  useEffect(() => {
    // A hidden tab lets its stream go (a browser allows few open connections to one server); the
    // marker is asked for again when it is shown.
    if (!enabled || !visible) return;
    const stop = new AbortController();
    let wait = RELISTEN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listen = () => {
      api.logbooks
        .listen(
          logid,
          (marker) => {
            wait = RELISTEN_MS;
            setListening(true);
            queryClient.setQueryData(logbookKeys.version(logid), marker);
          },
          stop.signal,
        )
        .catch(() => undefined)
        .finally(() => {
          setListening(false);
          if (stop.signal.aborted) return;
          timer = setTimeout(listen, wait);
          wait = Math.min(wait * 2, RELISTEN_MAX_MS);
        });
    };
    listen();
    return () => {
      stop.abort();
      clearTimeout(timer);
      setListening(false);
    };
  }, [logid, enabled, visible, queryClient]);

  return listening;
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || !document.hidden);
  useEffect(() => {
    const onChange = () => setVisible(!document.hidden);
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

export function useLogbookVersion(logid: string, enabled: boolean) {
  const listening = useLogbookEvents(logid, enabled);
  return useQuery({ ...logbookVersionQueryOptions(logid, listening), enabled });
}
