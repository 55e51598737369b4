import { type Kysely, sql } from 'kysely';
import type { Database, Executor, NewUsage } from '../../db/database.js';

export const DAY_MS = 86_400_000;
/** Outcomes of a query a provider answered (in full, cut at the cap, or stopped part-way). */
export const ANSWERED_OUTCOMES: readonly string[] = ['ok', 'truncated', 'stopped'];

export class UsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Writes one query's usage row and, for a caravan's query, adds it to the caravan's daily
   * roll-up and removes the query's reservation under the quota: all in one transaction (the
   * caller's, or one of its own), so the roll-up always equals the rows and a quota's count never
   * sees the query twice or not at all.
   */
  async insert(row: NewUsage, reservationId: string | null, db: Executor = this.db): Promise<void> {
    if (!db.isTransaction && (row.caravan_id || reservationId))
      return db.transaction().execute((trx) => this.insert(row, reservationId, trx));
    await db.insertInto('usage').values(row).execute();
    if (row.caravan_id) await this.addToRollup(row as NewUsage & { caravan_id: string }, db);
    if (reservationId) await db.deleteFrom('query_reservations').where('id', '=', reservationId).execute();
  }

  private async addToRollup(row: NewUsage & { caravan_id: string }, db: Executor): Promise<void> {
    const answered = ANSWERED_OUTCOMES.includes(row.outcome);
    const failed = row.outcome === 'error' || row.outcome === 'timeout';
    const input = row.input_tokens ?? 0;
    const output = row.output_tokens ?? 0;
    await db
      .insertInto('caravan_usage_daily')
      .values({
        caravan_id: row.caravan_id,
        day: Math.floor(row.created_at / DAY_MS),
        user_id: row.user_id,
        wellid: row.wellid ?? '',
        provider: row.provider,
        model: row.model,
        queries: answered ? 1 : 0,
        errors: failed ? 1 : 0,
        input_tokens: input,
        output_tokens: output,
        answered_tokens: answered ? input + output : 0,
      })
      .onConflict((oc) =>
        oc.columns(['caravan_id', 'day', 'user_id', 'wellid', 'provider', 'model']).doUpdateSet({
          queries: sql<number>`caravan_usage_daily.queries + excluded.queries`,
          errors: sql<number>`caravan_usage_daily.errors + excluded.errors`,
          input_tokens: sql<number>`caravan_usage_daily.input_tokens + excluded.input_tokens`,
          output_tokens: sql<number>`caravan_usage_daily.output_tokens + excluded.output_tokens`,
          answered_tokens: sql<number>`caravan_usage_daily.answered_tokens + excluded.answered_tokens`,
        }),
      )
      .execute();
  }

  private totals() {
    return [
      sql<number>`count(*)`.as('queries'),
      sql<number>`sum(case when outcome in ('ok', 'truncated', 'stopped') then 0 else 1 end)`.as('errors'),
      sql<number>`coalesce(sum(input_tokens), 0)`.as('input_tokens'),
      sql<number>`coalesce(sum(output_tokens), 0)`.as('output_tokens'),
    ] as const;
  }

  /** Integer division by a day's milliseconds buckets by UTC day the same way in both dialects. */
  byDay(userId: number, since: number) {
    const day = sql<number>`created_at / ${sql.lit(DAY_MS)}`;
    return this.db
      .selectFrom('usage')
      .select([day.as('day'), ...this.totals()])
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .groupBy(day)
      .orderBy(day)
      .execute();
  }

  byWell(userId: number, since: number) {
    return this.db
      .selectFrom('usage')
      .leftJoin('wells', 'wells.wellid', 'usage.wellid')
      .select(['usage.wellid as wellid', 'wells.title as title', ...this.totals()])
      .where('usage.user_id', '=', userId)
      .where('usage.created_at', '>=', since)
      .groupBy(['usage.wellid', 'wells.title'])
      .orderBy('queries', 'desc')
      .execute();
  }

  byModel(userId: number, since: number) {
    return this.db
      .selectFrom('usage')
      .select(['provider', 'model', ...this.totals()])
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .groupBy(['provider', 'model'])
      .orderBy('queries', 'desc')
      .execute();
  }
}
