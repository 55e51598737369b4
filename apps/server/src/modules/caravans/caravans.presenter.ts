import type { Caravan, CaravanAuditEntry, CaravanSummary, CaravanUsage } from '@caravanserai/api';
import { iso } from '../../db/columns.js';
import type { CaravanMemberRow, CaravanRow } from '../../db/database.js';
import type { MemberWithName, SharedWell } from './caravans.repository.js';
import { toPolicy } from './policy.js';

export function toCaravanSummary(
  row: Pick<CaravanRow, 'caravan_id' | 'name'>,
  role: CaravanMemberRow['role'],
): CaravanSummary {
  return { caravan_id: row.caravan_id, name: row.name, role };
}

export function toCaravan(
  row: CaravanRow,
  role: CaravanMemberRow['role'],
  members: MemberWithName[],
  wells: SharedWell[],
): Caravan {
  return {
    ...toCaravanSummary(row, role),
    members: members.map((m) => ({ username: m.username, role: m.role, joined_at: iso(m.joined_at) })),
    wells: wells.map((w) => ({
      wellid: w.wellid,
      title: w.title,
      origin_loc: w.origin_loc,
      owner: { username: w.owner_username },
    })),
    policy: toPolicy(row),
  };
}

export function toAuditEntry(row: {
  at: number;
  actor: string;
  action: string;
  target: string;
  detail: string;
}): CaravanAuditEntry {
  return { at: iso(row.at), actor: row.actor, action: row.action, target: row.target, detail: row.detail };
}

const CSV_COLUMNS = ['key', 'queries', 'input_tokens', 'output_tokens', 'errors'] as const;

/**
 * RFC 4180 CSV with a header row. A key that a spreadsheet would read as a formula (=, +, -, @)
 * is prefixed with a quote mark, so opening the file runs nothing.
 */
export function usageCsv(usage: CaravanUsage): string {
  const lines = [`${usage.group_by},queries,input_tokens,output_tokens,errors`];
  for (const row of usage.rows) {
    lines.push(CSV_COLUMNS.map((c) => (c === 'key' ? csvText(row.key) : String(row[c]))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
