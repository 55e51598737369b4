import { type EntryFile, type Logbook, NO_MODEL_SETTINGS } from '@caravanserai/api';
import { type Entry, serializeLog } from '@caravanserai/logbook';

// For tests of the session and of reading a logbook whole.

/** A logbook read whole holding `entries` (each with its eid) at `version`. */
export function logbookOf(
  entries: readonly Entry[],
  version: number,
  head: string | null = null,
  files: EntryFile[] = [],
): Logbook {
  return {
    logid: 'log1',
    jid: null,
    journal: null,
    logwell: null,
    title: 'Log',
    description: '',
    private: false,
    salted: false,
    forked: false,
    memory: false,
    owner: { username: 'owner' },
    version,
    entry_count: entries.length,
    created: '2024-01-01T00:00:00Z',
    modified: '2024-01-01T00:00:00Z',
    log: serializeLog(entries),
    well: null,
    head,
    files,
    settings: NO_MODEL_SETTINGS,
  };
}
