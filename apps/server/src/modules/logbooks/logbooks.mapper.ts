import type { Logbook, LogbookSummary } from '@caravanserai/api';
import { bool, iso } from '../../lib/ids.js';
import type { LogbookWithOwner } from './logbooks.repository.js';

export function toLogbookSummary(row: LogbookWithOwner): LogbookSummary {
  return {
    logid: row.logid,
    jid: row.jid,
    journal: row.jid,
    logwell: row.logwell,
    title: row.title,
    description: row.description,
    private: bool(row.private),
    salted: bool(row.salted),
    forked: bool(row.forked),
    owner: { username: row.owner_username },
    version: row.version,
    entry_count: row.entry_count,
    created: iso(row.created_at),
    modified: iso(row.modified_at),
  };
}

export function toLogbook(row: LogbookWithOwner, log: string): Logbook {
  return {
    ...toLogbookSummary(row),
    log,
    well: row.logwell && row.well_title !== null ? { wellid: row.logwell, title: row.well_title } : null,
  };
}
