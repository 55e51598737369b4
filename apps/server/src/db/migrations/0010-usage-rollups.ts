import { type Kysely, sql } from 'kysely';

const DAY_MS = 86_400_000;

/**
 * Caravans' usage by UTC day, and reservations under a monthly query quota.
 *
 * `caravan_usage_daily` sums a caravan's usage rows by day, member, well and model; it is kept up
 * to date in the transaction that writes each usage row, and filled here from the rows already
 * stored. Summaries cover whole UTC days, so reading it answers exactly what the raw rows would,
 * for any range, at a fraction of the rows. A usage row without a well counts under ''.
 *
 * `query_reservations` holds the queries admitted under a query quota and not yet recorded: the
 * answer's usage row replaces its reservation in one transaction, and a reservation left by a
 * process that died stops counting at `expires_at`.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('caravan_usage_daily')
    .addColumn('caravan_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wellid', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('model', 'varchar(200)', (c) => c.notNull())
    // Answered queries (ok, truncated, stopped), failed ones (error, timeout), and the tokens of
    // every row alongside those of answered rows only (what quotas count).
    .addColumn('queries', 'bigint', (c) => c.notNull())
    .addColumn('errors', 'bigint', (c) => c.notNull())
    .addColumn('input_tokens', 'bigint', (c) => c.notNull())
    .addColumn('output_tokens', 'bigint', (c) => c.notNull())
    .addColumn('answered_tokens', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('caravan_usage_daily_pk', [
      'caravan_id',
      'day',
      'user_id',
      'wellid',
      'provider',
      'model',
    ])
    .execute();
  // A member's own summary and their month under a quota.
  await db.schema
    .createIndex('caravan_usage_daily_member_idx')
    .on('caravan_usage_daily')
    .columns(['caravan_id', 'user_id', 'day'])
    .execute();

  const answered = sql`outcome in ('ok', 'truncated', 'stopped')`;
  // Each row's two counts are added as 64-bit integers: PostgreSQL refuses a 32-bit sum past 2^31.
  await sql`
    insert into caravan_usage_daily (caravan_id, day, user_id, wellid, provider, model,
      queries, errors, input_tokens, output_tokens, answered_tokens)
    select caravan_id, created_at / ${sql.lit(DAY_MS)}, user_id, coalesce(wellid, ''), provider, model,
      sum(case when ${answered} then 1 else 0 end),
      sum(case when outcome in ('error', 'timeout') then 1 else 0 end),
      sum(input_tokens), sum(output_tokens),
      sum(case when ${answered} then cast(input_tokens as bigint) + output_tokens else 0 end)
    from usage
    where caravan_id is not null
    group by caravan_id, created_at / ${sql.lit(DAY_MS)}, user_id, coalesce(wellid, ''), provider, model
  `.execute(db);
  // Summaries and quotas no longer read usage rows by caravan: those indexes would only slow writes.
  await db.schema.dropIndex('usage_caravan_member_idx').execute();
  await db.schema.dropIndex('usage_caravan_time_idx').execute();

  await db.schema
    .createTable('query_reservations')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('caravan_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('query_reservations_member_idx')
    .on('query_reservations')
    .columns(['caravan_id', 'user_id', 'expires_at'])
    .execute();
}
