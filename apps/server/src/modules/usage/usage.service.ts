import type { UsageSummary } from '@caravanserai/api';
import { now } from '../../db/columns.js';
import type { Executor, NewUsage, UserRow } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { DAY_MS, type UsageRepository } from './usage.repository.js';
import { usageFigures, usageTotals } from './usage-figures.js';

/**
 * `truncated`: answered, but cut at the answer cap; `stopped`: its owner stopped it part-way and
 * what arrived was kept. Both count as answered, not as errors (see ANSWERED_OUTCOMES).
 */
export type Outcome = 'ok' | 'truncated' | 'stopped' | 'error' | 'timeout' | 'cancelled';

export interface UsageRecord {
  userId: number;
  wellid: string;
  /** The logbook asked in; null for a call through the gateway. */
  logid: string | null;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** The counts are estimates: the provider reported none. */
  estimated: boolean;
  latencyMs: number;
  outcome: Outcome;
  streamed: boolean;
  /** The caravan whose well answered (its quotas count it), or null. */
  caravanId: string | null;
  /** The query's reservation under a caravan's query quota, which this row replaces; or null. */
  reservationId: string | null;
  /** The Bazaar rental it went through (metered per rental), or null. */
  rentalId?: string | null;
}

export class UsageService {
  constructor(private readonly usage: UsageRepository) {}

  /**
   * Records one query's use (and settles its reservation under a quota); inside the caller's
   * transaction when given one.
   */
  async record(r: UsageRecord, trx?: Executor): Promise<void> {
    const row: NewUsage = {
      id: newId(16),
      user_id: r.userId,
      wellid: r.wellid,
      logid: r.logid,
      provider: r.provider,
      model: r.model,
      input_tokens: r.inputTokens,
      output_tokens: r.outputTokens,
      latency_ms: Math.round(r.latencyMs),
      outcome: r.outcome,
      streamed: r.streamed ? 1 : 0,
      estimated: r.estimated ? 1 : 0,
      caravan_id: r.caravanId,
      rental_id: r.rentalId ?? null,
      created_at: now(),
    };
    await this.usage.insert(row, r.reservationId, trx);
  }

  /** The caller's own usage over the last `days` days, by UTC day, by well and by model. */
  async summary(user: UserRow, days: number): Promise<UsageSummary> {
    const since = Math.floor(now() / DAY_MS - (days - 1)) * DAY_MS;
    const [byDay, byWell, byModel] = await Promise.all([
      this.usage.byDay(user.id, since),
      this.usage.byWell(user.id, since),
      this.usage.byModel(user.id, since),
    ]);
    const perDay = byDay.map((r) => ({
      day: new Date(Number(r.day) * DAY_MS).toISOString().slice(0, 10),
      ...usageFigures(r),
    }));
    return {
      since: new Date(since).toISOString(),
      totals: usageTotals(perDay),
      by_day: perDay,
      by_well: byWell.map((r) => ({ wellid: r.wellid, title: r.title, ...usageFigures(r) })),
      by_model: byModel.map((r) => ({ provider: r.provider, model: r.model, ...usageFigures(r) })),
    };
  }
}
