import type { Logbook } from '@caravanserai/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { logbookKeys } from '../api/logbook-keys';
import { useLogbookVersion } from '../api/logbook-version';

const CHANNEL = 'caravanserai-logbook-writes';

/**
 * Keeps an open logbook current. A tiny version marker is asked for every few seconds while the
 * tab is visible and whenever the window regains focus; the full log is fetched again only when
 * the marker says something changed, so two tabs (or the CLI) see each other's entries. Tabs of
 * the same browser also tell each other at once when they write, through a BroadcastChannel.
 * Returns `reload`, which the page calls after its own writes.
 */
export function useLiveLogbook(logbook: Logbook, updatedAt: number): () => void {
  const queryClient = useQueryClient();
  const { logid } = logbook;
  const marker = useLogbookVersion(logid, true);
  const channel = useRef<BroadcastChannel | null>(null);

  const refetch = useCallback(
    (restart: boolean) =>
      void queryClient.refetchQueries(
        { queryKey: logbookKeys.detail(logid), exact: true },
        // A fetch already under way brings the news as well, unless it began before our own write.
        { cancelRefetch: restart },
      ),
    [queryClient, logid],
  );

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(CHANNEL);
    opened.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === logid) refetch(false);
    };
    channel.current = opened;
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [logid, refetch]);

  const reload = useCallback(() => {
    refetch(true);
    channel.current?.postMessage(logid);
  }, [refetch, logid]);

  useEffect(() => {
    const seen = marker.data;
    // Only a marker newer than the log on screen says anything about it.
    if (!seen || marker.dataUpdatedAt <= updatedAt) return;
    if (seen.version === logbook.version && seen.modified === logbook.modified) return;
    refetch(false);
  }, [marker.data, marker.dataUpdatedAt, updatedAt, logbook.version, logbook.modified, refetch]);

  return reload;
}
