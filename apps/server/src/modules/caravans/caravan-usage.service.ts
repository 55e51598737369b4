import type { CaravanAuditEntry, CaravanUsage, CaravanUsageQuery } from '@caravanserai/api';
import type { z } from 'zod';
import type { CaravanAccess } from '../../access/caravan-access.js';
import type { UserRow } from '../../db/database.js';
import { fieldError } from '../../errors.js';
import { DAY_MS } from '../usage/usage.repository.js';
import { usageFigures, usageTotals } from '../usage/usage-figures.js';
import type { AuditRepository } from './audit.repository.js';
import type { CaravanUsageRepository, GroupedFigures } from './caravan-usage.repository.js';
import { toAuditEntry } from './caravans.presenter.js';
import { monthStart } from './query-admission.js';

type UsageInput = z.output<typeof CaravanUsageQuery>;

/** The longest range one summary covers. */
const MAX_DAYS = 366;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * What a caravan's members used, by member, well, model or UTC day: leaders see everyone's figures,
 * a member only their own. Figures only: never a logbook, an entry or a prompt.
 */
export class CaravanUsageService {
  constructor(
    private readonly usage: CaravanUsageRepository,
    private readonly audit: AuditRepository,
    private readonly seats: CaravanAccess,
  ) {}

  async summary(user: UserRow, caravanId: string, input: UsageInput): Promise<CaravanUsage> {
    const { membership } = await this.seats.member(user, caravanId);
    const from = input.from ? Date.parse(`${input.from}T00:00:00Z`) : monthStart();
    const to = input.to ? Date.parse(`${input.to}T00:00:00Z`) : Math.floor(Date.now() / DAY_MS) * DAY_MS;
    if (to < from) throw fieldError('to', 'Ensure this date is not before from.');
    if ((to - from) / DAY_MS >= MAX_DAYS)
      throw fieldError('to', `Ensure the range is at most ${MAX_DAYS} days.`);
    const range = {
      caravanId,
      from,
      to: to + DAY_MS,
      ...(membership.role === 'leader' ? {} : { userId: user.id }),
    };
    const grouped = await this.usage.grouped(range, input.group_by);
    const names =
      input.group_by === 'member' ? await this.usage.usernames(grouped.map((g) => Number(g.k1))) : undefined;
    const rows = grouped.map((g) => ({ key: keyOf(g, input.group_by, names), ...usageFigures(g) }));
    if (names) rows.sort((a, b) => a.key.localeCompare(b.key));
    return { from: day(from), to: day(to), group_by: input.group_by, rows, totals: usageTotals(rows) };
  }

  async auditLog(user: UserRow, caravanId: string): Promise<CaravanAuditEntry[]> {
    await this.seats.leader(user, caravanId);
    return (await this.audit.list(caravanId)).map(toAuditEntry);
  }
}

function keyOf(g: GroupedFigures, groupBy: UsageInput['group_by'], names?: Map<number, string>): string {
  if (groupBy === 'member') return names?.get(Number(g.k1)) ?? String(g.k1);
  if (groupBy === 'model') return `${g.k1}/${g.k2}`;
  if (groupBy === 'day') return day(Number(g.k1) * DAY_MS);
  return String(g.k1 ?? '');
}
