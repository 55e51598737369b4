import type { Logbook } from '@caravanserai/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { logbookKeys } from '../../api/logbook-keys';
import { useLogbookVersion } from '../../api/logbook-version';

const CHANNEL = 'caravanserai-logbook-writes';

export interface LogbookSync {
  /** Reads the whole logbook again: the page's own view is known to be behind. */
  refetch(): void;
  /**
   * Says this page wrote (the write is already applied to its log): other tabs read the log
   * again, and the change marker of `version`, which this page wrote, is not news to it.
   */
  announce(version?: number): void;
  /** The last version this page wrote, until the version marker has shown it. */
  ownVersion: { current: number | null };
  /** Reads the whole logbook again; `restart` drops a fetch begun before the change. */
  refetchLog(restart: boolean): void;
}

/**
 * How an open logbook hears of writes from elsewhere, and tells of its own. Tabs of the same
 * browser tell each other at once when they write, through a BroadcastChannel. The page's own
 * writes never cost a read of the log: they are applied to its session.
 */
export function useLogbookSync(logid: string): LogbookSync {
  const queryClient = useQueryClient();
  const channel = useRef<BroadcastChannel | null>(null);
  const ownVersion = useRef<number | null>(null);

  const refetchLog = useCallback(
    (restart: boolean) =>
      void queryClient.refetchQueries(
        { queryKey: logbookKeys.detail(logid), exact: true },
        // A fetch already under way brings the news as well, unless it began before the change.
        { cancelRefetch: restart },
      ),
    [queryClient, logid],
  );

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(CHANNEL);
    opened.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === logid) refetchLog(false);
    };
    channel.current = opened;
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [logid, refetchLog]);

  const refetch = useCallback(() => {
    refetchLog(true);
    channel.current?.postMessage(logid);
  }, [refetchLog, logid]);

  const announce = useCallback(
    (version?: number) => {
      if (version !== undefined) ownVersion.current = version;
      channel.current?.postMessage(logid);
    },
    [logid],
  );

  return useMemo(() => ({ refetch, announce, ownVersion, refetchLog }), [refetch, announce, refetchLog]);
}

/**
 * Keeps an open logbook current with writes from elsewhere. A tiny version marker is asked for
 * every few seconds while the tab is visible and whenever the window regains focus; the full log
 * is fetched again only when the marker shows a version the page has not got, or settings changed
 * (its modified time moved with no write of this page to explain it).
 */
export function useVersionMarker(logbook: Logbook, version: number, fetchedAt: number, sync: LogbookSync) {
  const queryClient = useQueryClient();
  const { logid } = logbook;
  const marker = useLogbookVersion(logid, true);
  const { ownVersion, refetchLog } = sync;

  useEffect(() => {
    const seen = marker.data;
    // Only a marker newer than the fetched logbook says anything about it.
    if (!seen || marker.dataUpdatedAt <= fetchedAt) return;
    if (seen.version > version) {
      refetchLog(false);
      return;
    }
    if (seen.version < version || seen.modified === logbook.modified) return;
    if (ownVersion.current === seen.version) {
      // This page's own write moved the modified time: learn it instead of reading the log.
      ownVersion.current = null;
      queryClient.setQueryData<Logbook>(logbookKeys.detail(logid), (cached) =>
        cached ? { ...cached, modified: seen.modified } : cached,
      );
      return;
    }
    refetchLog(false);
  }, [
    marker.data,
    marker.dataUpdatedAt,
    fetchedAt,
    version,
    logbook.modified,
    logid,
    queryClient,
    refetchLog,
    ownVersion,
  ]);
}
