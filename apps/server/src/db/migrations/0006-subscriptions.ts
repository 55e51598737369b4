import type { Kysely } from 'kysely';

/**
 * The local mirror of each Stripe subscription: what the role is derived from and what the
 * subscription pages list, kept in step by the webhook. Cards stay at Stripe only.
 * `request_key` is the idempotency key that created it, so a retried purchase finds it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('interval', 'varchar(8)', (c) => c.notNull())
    .addColumn('current_period_end', 'bigint')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_key', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_user_idx')
    .on('subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();
  // The webhook finds the user by customer id; one customer belongs to one user.
  await db.schema
    .createIndex('users_stripe_customer_idx')
    .on('users')
    .column('stripe_customer_id')
    .unique()
    .execute();
}
