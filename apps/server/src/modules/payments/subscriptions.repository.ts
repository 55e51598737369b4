import type { Kysely } from 'kysely';
import type { Database, Executor, SubscriptionRow, UserRow } from '../../db/database.js';

export type SubscriptionWrite = Omit<SubscriptionRow, 'created_at' | 'updated_at' | 'request_key'>;

/**
 * SQL of payments: the subscription mirror, the user's customer id and role. Every method that
 * takes an executor (the database or a transaction) takes it last.
 */
export class SubscriptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listFor(userId: number, db: Executor = this.db): Promise<SubscriptionRow[]> {
    return db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  find(id: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Inserts or updates the mirror of one subscription. The key that created it is kept once
   * known; the time it was made is Stripe's.
   */
  async upsert(
    row: SubscriptionWrite,
    createdAt: number,
    requestKey: string | null,
    at: number,
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .insertInto('subscriptions')
      .values({ ...row, request_key: requestKey, created_at: createdAt, updated_at: at })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          type: row.type,
          status: row.status,
          interval: row.interval,
          current_period_end: row.current_period_end,
          cancel_at_period_end: row.cancel_at_period_end,
          price: row.price,
          request_key: eb.fn.coalesce('subscriptions.request_key', 'excluded.request_key'),
          updated_at: at,
        })),
      )
      .execute();
  }

  async setRole(userId: number, role: string, db: Executor = this.db): Promise<void> {
    await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
  }

  async customerIdOf(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('stripe_customer_id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.stripe_customer_id ?? null;
  }

  /** Records the customer unless the user already has one (a concurrent request's). */
  async setCustomerId(userId: number, customerId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ stripe_customer_id: customerId })
      .where('id', '=', userId)
      .where('stripe_customer_id', 'is', null)
      .execute();
  }

  userByCustomer(customerId: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('stripe_customer_id', '=', customerId)
      .executeTakeFirst();
  }
}
