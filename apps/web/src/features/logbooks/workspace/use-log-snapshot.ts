import type { Logbook } from '@caravanserai/api';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { logbookKeys } from '../api/logbook-keys';
import { applyWrite, type ConfirmedWrite, type LogSnapshot, snapshotOf } from './log-snapshot';

/**
 * The logbook's parsed entries, kept in the query cache beside the fetched logbook: a fetch with a
 * newer version is parsed once (and only once, however many times the page renders or opens
 * again); this page's own confirmed writes are applied to it directly. `apply` answers 'gap' when
 * a write does not follow what the page knows, and the caller reads the log again.
 */
export function useLogSnapshot(logbook: Logbook, fetchedAt: number) {
  const queryClient = useQueryClient();
  const { logid } = logbook;
  const key = useMemo(() => logbookKeys.entries(logid), [logid]);
  // Filled only from here: never fetched on its own.
  const { data: cached } = useQuery<LogSnapshot>({ queryKey: key, queryFn: skipToken, staleTime: Infinity });

  // A fetch older than the writes applied since (a poll sent before them) changes nothing.
  const newer = cached === undefined || logbook.version > cached.version;
  const parsed = useMemo(
    () => (newer ? snapshotOf(logbook.log, logbook.version, fetchedAt) : null),
    [newer, logbook.log, logbook.version, fetchedAt],
  );
  useEffect(() => {
    if (parsed) queryClient.setQueryData(key, parsed);
  }, [parsed, queryClient, key]);

  const apply = useCallback(
    (write: ConfirmedWrite): { kind: 'applied'; version: number } | { kind: 'known' | 'gap' } => {
      const current = queryClient.getQueryData<LogSnapshot>(key) ?? parsed;
      if (!current) return { kind: 'gap' };
      const outcome = applyWrite(current, write, Date.now());
      if (outcome.kind !== 'next') return outcome;
      queryClient.setQueryData(key, outcome.snapshot);
      return { kind: 'applied', version: outcome.snapshot.version };
    },
    [queryClient, key, parsed],
  );

  const snapshot = parsed ?? (cached as LogSnapshot);
  /** The snapshot as it is now, writes applied this very moment included (for event handlers). */
  const latest = useCallback(
    (): LogSnapshot => queryClient.getQueryData<LogSnapshot>(key) ?? snapshot,
    [queryClient, key, snapshot],
  );
  return { snapshot, apply, latest };
}
