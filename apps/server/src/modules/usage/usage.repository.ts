import { type Kysely, sql } from 'kysely';
import type { Database, Executor, NewUsage } from '../../db/database.js';

export const DAY_MS = 86_400_000;

export class UsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewUsage, db: Executor = this.db): Promise<void> {
    await db.insertInto('usage').values(row).execute();
  }

  private totals() {
    return [
      sql<number>`count(*)`.as('queries'),
      sql<number>`sum(case when outcome in ('ok', 'truncated', 'stopped') then 0 else 1 end)`.as('failed'),
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
