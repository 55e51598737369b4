import { type Kysely, sql } from 'kysely';

/**
 * Well rental (DESIGN 10).
 * - `well_offers`: a well its owner offers, with its price (cents per million tokens), the monthly
 *   cap per renter and the models it may answer as; withdrawn offers are kept for their rentals,
 *   and so are the offers of a well since deleted.
 * - `well_rentals`: who rents which offer since when, at the price of that moment; at most one
 *   rental under way per renter and offer.
 * - `usage.rental_id`: the rental a query went through, so each rental's use is metered.
 * - `well_rental_bills`: each rental's month billed to its renter (a Stripe invoice item), once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('well_offers')
    .addColumn('offer_id', 'varchar(32)', (c) => c.primaryKey())
    // No reference to `wells`: deleting a well withdraws its offers and ends their rentals (wells
    // repository), and keeps them, so what was used through them is still billed and earned.
    .addColumn('wellid', 'varchar(32)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('monthly_token_cap', 'bigint', (c) => c.notNull())
    .addColumn('allowed_models', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('withdrawn_at', 'bigint')
    .execute();
  await db.schema.createIndex('well_offers_owner_idx').on('well_offers').column('owner_id').execute();
  await db.schema.createIndex('well_offers_well_idx').on('well_offers').column('wellid').execute();

  await db.schema
    .createTable('well_rentals')
    .addColumn('rental_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('offer_id', 'varchar(32)', (c) =>
      c.notNull().references('well_offers.offer_id').onDelete('cascade'),
    )
    .addColumn('renter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await sql`create unique index well_rentals_open_idx on well_rentals (offer_id, renter_id) where ended_at is null`.execute(
    db,
  );
  await db.schema.createIndex('well_rentals_renter_idx').on('well_rentals').column('renter_id').execute();

  await db.schema.alterTable('usage').addColumn('rental_id', 'varchar(32)').execute();
  await db.schema.createIndex('usage_rental_idx').on('usage').columns(['rental_id', 'created_at']).execute();

  await db.schema
    .createTable('well_rental_bills')
    .addColumn('rental_id', 'varchar(32)', (c) =>
      c.notNull().references('well_rentals.rental_id').onDelete('cascade'),
    )
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('tokens', 'bigint', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('invoice_item_id', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('well_rental_bills_pk', ['rental_id', 'month'])
    .execute();
}
