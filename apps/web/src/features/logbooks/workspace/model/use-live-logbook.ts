import type { LogbookOverview } from '@caravanserai/api';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { logbookKeys } from '../../api/logbook-keys';
import { useLogbookVersion } from '../../api/logbook-version';

const CHANNEL = 'caravanserai-logbook-writes';
/** How long a newer version heard is given to turn out to be this page's own write. */
const OWN_WRITE_GRACE_MS = 500;

export interface LogbookSync {
  /**
   * Says this page wrote (the write is already applied to its log): other tabs read the log
   * again, and the change marker of `version`, which this page wrote, is not news to it.
   */
  announce(version?: number): void;
  /** The last version this page wrote, until the version marker has shown it. */
  ownVersion: { current: number | null };
  /** Reads the newest entries and the logbook's settings again: they changed elsewhere. */
  reloadAll(): void;
  /** Reads the logbook's settings (title, memory, well) again. */
  reloadOverview(): void;
}

/**
 * How an open logbook hears of writes from elsewhere, and tells of its own. Tabs of the same
 * browser tell each other at once when they write, through a BroadcastChannel. The page's own
 * writes never cost a read: they are applied to its session. `reload` reads the newest entries.
 */
export function useLogbookSync(logid: string, reload: RefObject<() => void>): LogbookSync {
  const queryClient = useQueryClient();
  const channel = useRef<BroadcastChannel | null>(null);
  const ownVersion = useRef<number | null>(null);

  const reloadOverview = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: logbookKeys.detail(logid), exact: true }),
    [queryClient, logid],
  );
  const reloadAll = useCallback(() => {
    reload.current();
    reloadOverview();
  }, [reload, reloadOverview]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(CHANNEL);
    opened.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === logid) reloadAll();
    };
    channel.current = opened;
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [logid, reloadAll]);

  const announce = useCallback(
    (version?: number) => {
      if (version !== undefined) ownVersion.current = version;
      channel.current?.postMessage(logid);
    },
    [logid],
  );

  return useMemo(
    () => ({ announce, ownVersion, reloadAll, reloadOverview }),
    [announce, reloadAll, reloadOverview],
  );
}

/**
 * Keeps an open logbook current with writes from elsewhere. A tiny version marker is asked for
 * every few seconds while the tab is visible and whenever the window regains focus; the newest
 * entries are read again only when the marker shows a version the page has not got, and the
 * settings when they changed (the modified time moved with no write of this page to explain it).
 */
export function useVersionMarker(
  logbook: LogbookOverview,
  version: number,
  fetchedAt: number,
  sync: LogbookSync,
) {
  const queryClient = useQueryClient();
  const { logid } = logbook;
  const marker = useLogbookVersion(logid, true);
  const { ownVersion, reloadAll, reloadOverview } = sync;

  useEffect(() => {
    const seen = marker.data;
    // Only a marker newer than the logbook as read says anything about it.
    if (!seen || marker.dataUpdatedAt <= fetchedAt) return;
    if (seen.version > version) {
      // The change may be this page's own write, heard before its answer arrived (the live stream
      // is that fast): it is read again only if the page has not caught up a moment later.
      const later = setTimeout(reloadAll, OWN_WRITE_GRACE_MS);
      return () => clearTimeout(later);
    }
    // Renamed elsewhere, or after its first answer (a write of the server's own, made after this
    // page's answer moved the modified time): the settings are read again whatever else is known.
    if (seen.version === version && seen.title !== logbook.title) {
      reloadOverview();
      return;
    }
    if (seen.version < version || seen.modified === logbook.modified) return;
    if (ownVersion.current === seen.version) {
      // This page's own write moved the modified time: learn it instead of reading again.
      ownVersion.current = null;
      queryClient.setQueryData<LogbookOverview>(logbookKeys.detail(logid), (cached) =>
        cached ? { ...cached, modified: seen.modified } : cached,
      );
      return;
    }
    reloadOverview();
  }, [
    marker.data,
    marker.dataUpdatedAt,
    fetchedAt,
    version,
    logbook.modified,
    logbook.title,
    logid,
    queryClient,
    reloadAll,
    reloadOverview,
    ownVersion,
  ]);
}
