import {
  ApiError,
  type EntriesPage,
  type EntriesQuery,
  type EntryFile,
  type Logbook,
  MAX_ENTRIES_PAGE,
  NO_MODEL_SETTINGS,
} from '@caravanserai/api';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import { documentPage } from './document-page';

// For tests of the session and of reading a logbook whole or a page at a time.

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
    forked_from: null,
  };
}

/** The server's refusal of an eid the logbook does not hold, in the field that named it. */
export const unknownEid = (field: string) =>
  new ApiError(400, { detail: `${field}: No entry of this logbook has this eid.` });

/**
 * A page of `read` (whose entries are `entries`) as the entries call answers `query`: the active
 * path, or the branch `under` or `at` names, ending before `before`.
 */
export function pageOf(entries: readonly Entry[], read: Logbook, query: EntriesQuery = {}): EntriesPage {
  const { before, under, at, limit = 100 } = query;
  const active = documentPage(read, null);
  const chosen = at === undefined ? (under ?? null) : branchAt(entries, Number(at), active);
  const whole = documentPage(read, chosen);
  if (whole === null) throw unknownEid('under');
  let path = whole.entries;
  let most = Number(limit);
  if (before !== undefined) {
    const upTo = documentPage(read, before)?.entries;
    const end = upTo?.findIndex((entry) => entry.eid === before) ?? -1;
    if (!upTo || end < 0) throw unknownEid('before');
    path = upTo.slice(0, end);
  } else if (at !== undefined) {
    // The page reaches back to the entry asked for, up to the most a page gives.
    const reach = path.length - path.findIndex((entry) => entry.index === Number(at));
    most = Math.min(MAX_ENTRIES_PAGE, Math.max(most, reach));
  }
  const from = Math.max(0, path.length - most);
  const page = { ...whole, entries: path.slice(from), more: from > 0 };
  return under === undefined && at === undefined ? page : { ...page, active: whole.head === active?.head };
}

/** The branch `at` reads, as `under` names it: null when the entry is on the head's path. */
function branchAt(entries: readonly Entry[], index: number, active: EntriesPage | null): string | null {
  const eid = entries[index]?.attrs.eid;
  if (eid === undefined)
    throw new ApiError(400, { detail: 'at: No entry of this logbook is at this index.' });
  return active?.entries.some((entry) => entry.index === index) ? null : eid;
}
