import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { DAY_MS } from '../usage/usage.repository.js';
import type { SummedFigures } from '../usage/usage-figures.js';

export type GroupBy = 'member' | 'well' | 'model' | 'day';

export type GroupedFigures = SummedFigures & { k1: string | number | null; k2: string | number | null };

export interface Range {
  caravanId: string;
  /** A UTC midnight. */
  from: number;
  /** A UTC midnight; exclusive. */
  to: number;
  /** Only this member's use (a member reading the summary). */
  userId?: number;
}

/**
 * SQL of a caravan's use: quotas' counts and the summaries by member, well, model and day. Both
 * read the caravan's daily roll-up (kept with every usage row), never the usage rows themselves:
 * ranges and months start and end on UTC days, so the roll-up's sums are exactly the rows'.
 */
export class CaravanUsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Answered queries and their tokens since `since` (a UTC midnight), of one member or everyone. */
  async used(
    caravanId: string,
    since: number,
    userId?: number,
  ): Promise<{ queries: number; tokens: number }> {
    let query = this.db
      .selectFrom('caravan_usage_daily')
      .select([
        sql<number>`coalesce(sum(queries), 0)`.as('queries'),
        sql<number>`coalesce(sum(answered_tokens), 0)`.as('tokens'),
      ])
      .where('caravan_id', '=', caravanId)
      .where('day', '>=', Math.floor(since / DAY_MS));
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    const row = await query.executeTakeFirstOrThrow();
    return { queries: Number(row.queries), tokens: Number(row.tokens) };
  }

  async grouped(range: Range, groupBy: GroupBy): Promise<GroupedFigures[]> {
    const keys = {
      member: [sql<number>`user_id`, sql<null>`null`],
      well: [sql<string>`wellid`, sql<null>`null`],
      model: [sql<string>`provider`, sql<string>`model`],
      day: [sql<number>`day`, sql<null>`null`],
    }[groupBy];
    const [k1, k2] = keys as [ReturnType<typeof sql<string | number>>, ReturnType<typeof sql<string | null>>];
    let query = this.db
      .selectFrom('caravan_usage_daily')
      .select([
        k1.as('k1'),
        k2.as('k2'),
        sql<number>`sum(queries)`.as('queries'),
        sql<number>`sum(errors)`.as('errors'),
        sql<number>`sum(input_tokens)`.as('input_tokens'),
        sql<number>`sum(output_tokens)`.as('output_tokens'),
      ])
      .where('caravan_id', '=', range.caravanId)
      .where('day', '>=', Math.floor(range.from / DAY_MS))
      .where('day', '<', Math.ceil(range.to / DAY_MS));
    if (range.userId !== undefined) query = query.where('user_id', '=', range.userId);
    // PostgreSQL refuses a constant in GROUP BY: only the model has a second key.
    const grouped =
      groupBy === 'model' ? query.groupBy([k1, k2]).orderBy(k1).orderBy(k2) : query.groupBy(k1).orderBy(k1);
    return grouped.execute();
  }

  /** Names of the members (present or past) a summary by member counted. */
  async usernames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.username]));
  }
}
