import type { Journal, JournalSummary } from '@caravanserai/api';
import { bool, iso } from '../../db/columns.js';
import type { LogbookRow } from '../../db/database.js';
import type { JournalWithOwner } from './journals.repository.js';

export function toJournalSummary(row: JournalWithOwner): JournalSummary {
  return {
    jid: row.jid,
    title: row.title,
    owner: { username: row.owner_username },
    instructions: row.instructions,
    created: iso(row.created_at),
    modified: iso(row.modified_at),
  };
}

export function toJournal(row: JournalWithOwner, logbooks: readonly LogbookRow[]): Journal {
  return {
    ...toJournalSummary(row),
    logbooks: logbooks.map((l) => ({
      logid: l.logid,
      title: l.title,
      description: l.description,
      private: bool(l.private),
      salted: bool(l.salted),
    })),
  };
}
