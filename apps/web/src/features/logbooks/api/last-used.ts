import type { LogbookSummary } from '@caravanserai/api';

/** Where a one-step new logbook goes: the journal and well the user worked in last. */
export interface LastUsed {
  journal: string | null;
  logwell: string | null;
}

/**
 * The journal and the well of the most recently modified logbooks that have one. `journals` and
 * `wells` are the ids the user may still use (null when their list could not be read): a
 * remembered one that is gone is skipped, and with none remembered the newest listed is taken.
 */
export function lastUsed(
  logbooks: readonly Pick<LogbookSummary, 'jid' | 'logwell' | 'modified'>[],
  journals: readonly string[] | null,
  wells: readonly string[] | null,
): LastUsed {
  const newestFirst = [...logbooks].sort((a, b) => Date.parse(b.modified) - Date.parse(a.modified));
  return {
    journal: pick(
      newestFirst.map((logbook) => logbook.jid),
      journals,
    ),
    logwell: pick(
      newestFirst.map((logbook) => logbook.logwell),
      wells,
    ),
  };
}

function pick(used: readonly (string | null)[], available: readonly string[] | null): string | null {
  const usable = used.find((id) => id !== null && (available === null || available.includes(id)));
  return usable ?? available?.[0] ?? null;
}
