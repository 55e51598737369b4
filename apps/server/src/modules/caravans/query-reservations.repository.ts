import { type Kysely, sql } from 'kysely';
import type { Database, Executor } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import { DAY_MS } from '../usage/usage.repository.js';

export interface Reservation {
  id: string;
  caravanId: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
}

/**
 * SQL of the queries admitted under a monthly query quota and not yet recorded. The answer's usage
 * row replaces its reservation (UsageRepository.insert); one that ended without a usage row is
 * released here; one whose process died stops counting when it expires.
 */
export class QueryReservationsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Holds the caravan's row until the transaction ends, so admissions to one caravan take turns
   * across every server process. SQLite needs no row lock: its transaction holds the one writer
   * from its first write on (see `clearExpired`, the first statement of an admission).
   */
  async lockCaravan(caravanId: string, trx: Executor): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await trx
      .selectFrom('caravans')
      .select('caravan_id')
      .where('caravan_id', '=', caravanId)
      .forUpdate()
      .execute();
  }

  async clearExpired(caravanId: string, at: number, trx: Executor): Promise<void> {
    await trx
      .deleteFrom('query_reservations')
      .where('caravan_id', '=', caravanId)
      .where('expires_at', '<=', at)
      .execute();
  }

  /**
   * The member's answered queries since `since` (a UTC midnight) plus their reservations still
   * counting at `at`. One statement, so one snapshot: a query recorded meanwhile is seen either
   * as its reservation or as its usage, never as neither.
   */
  async counted(
    caravanId: string,
    userId: number,
    since: number,
    at: number,
    trx: Executor,
  ): Promise<number> {
    const row = await trx
      .selectNoFrom((eb) => [
        eb
          .selectFrom('caravan_usage_daily')
          .select(sql<number>`coalesce(sum(queries), 0)`.as('n'))
          .where('caravan_id', '=', caravanId)
          .where('user_id', '=', userId)
          .where('day', '>=', Math.floor(since / DAY_MS))
          .as('used'),
        eb
          .selectFrom('query_reservations')
          .select(sql<number>`count(*)`.as('n'))
          .where('caravan_id', '=', caravanId)
          .where('user_id', '=', userId)
          .where('expires_at', '>', at)
          .as('reserved'),
      ])
      .executeTakeFirstOrThrow();
    return Number(row.used) + Number(row.reserved);
  }

  async insert(r: Reservation, trx: Executor): Promise<void> {
    await trx
      .insertInto('query_reservations')
      .values({
        id: r.id,
        caravan_id: r.caravanId,
        user_id: r.userId,
        created_at: r.createdAt,
        expires_at: r.expiresAt,
      })
      .execute();
  }

  async delete(id: string, db: Executor = this.db): Promise<void> {
    await db.deleteFrom('query_reservations').where('id', '=', id).execute();
  }
}
