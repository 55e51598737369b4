import { type Kysely, sql } from 'kysely';

/**
 * `well_rental_bills.invoice_id`: the Stripe invoice that took in the bill's invoice item, once the
 * renter has been invoiced for it (DESIGN 10). Null until then: bills billed before this release
 * are invoiced by the next billing run. The index holds only bills not yet invoiced, which is what
 * each run looks for.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('well_rental_bills').addColumn('invoice_id', 'varchar(255)').execute();
  await sql`create index well_rental_bills_uninvoiced_idx on well_rental_bills (invoice_item_id) where invoice_id is null`.execute(
    db,
  );
}
