import type {
  EntryFile,
  ForkedFrom,
  Logbook,
  LogbookOverview,
  LogbookSummary,
  ModelSettings,
  ReasoningEffort,
} from '@caravanserai/api';
import { bool, iso } from '../../db/columns.js';
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
    memory: bool(row.memory),
    owner: { username: row.owner_username },
    version: row.version,
    entry_count: row.entry_count,
    created: iso(row.created_at),
    modified: iso(row.modified_at),
  };
}

/**
 * A logbook but its entries, as `viewerId` may see it. Where it is filed and which well answers it
 * are the owner's business: a stranger reading a public logbook learns neither (the gen entries
 * name the model).
 */
export function toLogbookOverview(row: LogbookWithOwner, viewerId: number | null): LogbookOverview {
  const summary = toLogbookSummary(row);
  const settings = toModelSettings(row);
  const forked_from = row.forked_from === null ? null : (JSON.parse(row.forked_from) as ForkedFrom);
  if (row.owner_id !== viewerId)
    return {
      ...summary,
      jid: null,
      journal: null,
      logwell: null,
      well: null,
      head: row.head,
      settings,
      forked_from,
    };
  return {
    ...summary,
    head: row.head,
    settings,
    forked_from,
    well: row.logwell && row.well_title !== null ? { wellid: row.logwell, title: row.well_title } : null,
  };
}

/** A logbook with its log and the files its entries name, as `viewerId` may see it. */
export function toLogbook(
  row: LogbookWithOwner,
  log: string,
  viewerId: number | null,
  files: EntryFile[],
): Logbook {
  return { ...toLogbookOverview(row, viewerId), log, files };
}

/** A logbook's model settings as stored: null where the provider's default applies. */
export function toModelSettings(
  row: Pick<LogbookWithOwner, 'temperature' | 'max_output_tokens' | 'reasoning_effort'>,
): ModelSettings {
  return {
    temperature: row.temperature === null ? null : Number(row.temperature),
    max_output_tokens: row.max_output_tokens,
    reasoning_effort: row.reasoning_effort as ReasoningEffort | null,
  };
}
