import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { DAY_MS } from '../usage/usage.repository.js';

/** Outcomes of a query a provider answered (in full, cut at the cap, or stopped part-way). */
const ANSWERED = ['ok', 'truncated', 'stopped'];
const FAILED = ['error', 'timeout'];

export type GroupBy = 'member' | 'well' | 'model' | 'day';

export interface UsageFigures {
  queries: number | string | null;
  input_tokens: number | string | null;
  output_tokens: number | string | null;
  errors: number | string | null;
}

export type GroupedFigures = UsageFigures & { k1: string | number | null; k2: string | number | null };

export interface Range {
  caravanId: string;
  from: number;
  /** Exclusive. */
  to: number;
  /** Only this member's use (a member reading the summary). */
  userId?: number;
}

/** SQL of a caravan's use: quotas' counts and the summaries by member, well, model and day. */
export class CaravanUsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Answered queries and their tokens since `since`, of one member or (no userId) everyone. */
  async used(
    caravanId: string,
    since: number,
    userId?: number,
  ): Promise<{ queries: number; tokens: number }> {
    let query = this.db
      .selectFrom('usage')
      .select([
        sql<number>`count(*)`.as('queries'),
        sql<number>`coalesce(sum(input_tokens + output_tokens), 0)`.as('tokens'),
      ])
      .where('caravan_id', '=', caravanId)
      .where('created_at', '>=', since)
      .where('outcome', 'in', ANSWERED);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    const row = await query.executeTakeFirstOrThrow();
    return { queries: Number(row.queries), tokens: Number(row.tokens) };
  }

  async grouped(range: Range, groupBy: GroupBy): Promise<GroupedFigures[]> {
    const day = sql<number>`usage.created_at / ${sql.lit(DAY_MS)}`;
    const keys = {
      member: [sql<number>`usage.user_id`, sql<null>`null`],
      well: [sql<string>`usage.wellid`, sql<null>`null`],
      model: [sql<string>`usage.provider`, sql<string>`usage.model`],
      day: [day, sql<null>`null`],
    }[groupBy];
    const [k1, k2] = keys as [ReturnType<typeof sql<string | number>>, ReturnType<typeof sql<string | null>>];
    let query = this.db
      .selectFrom('usage')
      .select([
        k1.as('k1'),
        k2.as('k2'),
        sql<number>`sum(case when usage.outcome in (${sql.join(ANSWERED)}) then 1 else 0 end)`.as('queries'),
        sql<number>`sum(case when usage.outcome in (${sql.join(FAILED)}) then 1 else 0 end)`.as('errors'),
        sql<number>`coalesce(sum(usage.input_tokens), 0)`.as('input_tokens'),
        sql<number>`coalesce(sum(usage.output_tokens), 0)`.as('output_tokens'),
      ])
      .where('usage.caravan_id', '=', range.caravanId)
      .where('usage.created_at', '>=', range.from)
      .where('usage.created_at', '<', range.to);
    if (range.userId !== undefined) query = query.where('usage.user_id', '=', range.userId);
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
