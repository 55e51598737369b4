import { type Insertable, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { WellRentalBillsTable } from '../../db/rental-tables.js';
import { DELETED_WELL } from './rentals.repository.js';

export type BillRow = Selectable<WellRentalBillsTable>;

/** A priced rental as its bill names it: the renter to charge, the well and its owner. */
export interface BillableRental {
  rental_id: string;
  renter_id: number;
  /** Cents per million tokens, agreed when the rental began. */
  price_cents: number;
  well_title: string;
  owner_username: string;
}

/** Invoice item ids per update: an invoice may hold thousands, a statement takes a bounded list. */
const SET_INVOICE_BATCH = 500;

/** A bill at Stripe whose renter is not yet invoiced for it. */
export interface UninvoicedBill {
  rental_id: string;
  month: string;
  invoice_item_id: string;
}

/** A bill claimed but not yet at Stripe: its process stopped, or Stripe failed, on the way. */
export type OpenBill = BillableRental & Pick<BillRow, 'month' | 'tokens' | 'amount_cents' | 'created_at'>;

/** SQL of the monthly bills of priced rentals (`well_rental_bills`, one row per rental and month). */
export class RentalBillsRepository {
  constructor(private readonly db: Executor) {}

  private rentals() {
    return (
      this.db
        .selectFrom('well_rentals as r')
        .innerJoin('well_offers as o', 'o.offer_id', 'r.offer_id')
        // A well deleted since is still billed for what was used through it.
        .leftJoin('wells as w', 'w.wellid', 'o.wellid')
        .innerJoin('users as owner', 'owner.id', 'o.owner_id')
        .select(['r.rental_id', 'r.renter_id', 'r.price_cents'])
        .select((eb) => eb.fn.coalesce('w.title', sql.lit(DELETED_WELL)).as('well_title'))
        .select('owner.username as owner_username')
    );
  }

  /** Priced rentals used in [since, until) that have no bill for `month` yet. */
  unbilled(month: string, since: number, until: number): Promise<BillableRental[]> {
    return this.rentals()
      .where('r.price_cents', '>', 0)
      .where(({ exists, not, selectFrom }) =>
        exists(
          selectFrom('usage as u')
            .select('u.id')
            .whereRef('u.rental_id', '=', 'r.rental_id')
            .where('u.created_at', '>=', since)
            .where('u.created_at', '<', until),
        ).and(
          not(
            exists(
              selectFrom('well_rental_bills as b')
                .select('b.rental_id')
                .whereRef('b.rental_id', '=', 'r.rental_id')
                .where('b.month', '=', month),
            ),
          ),
        ),
      )
      .orderBy('r.rental_id')
      .execute();
  }

  /**
   * When the oldest use in [since, until) of a priced rental was made; undefined: there is none.
   * Read rental by rental, each from the start of its own usage index.
   */
  async firstPricedUse(since: number, until: number): Promise<number | undefined> {
    const firstUses = this.db
      .selectFrom('well_rentals as r')
      .where('r.price_cents', '>', 0)
      .select((eb) =>
        eb
          .selectFrom('usage as u')
          .select((u) => u.fn.min('u.created_at').as('at'))
          .whereRef('u.rental_id', '=', 'r.rental_id')
          .where('u.created_at', '>=', since)
          .where('u.created_at', '<', until)
          .as('at'),
      );
    const row = await this.db
      .selectFrom(firstUses.as('f'))
      .select((eb) => eb.fn.min('f.at').as('at'))
      .executeTakeFirst();
    return row?.at == null ? undefined : Number(row.at);
  }

  /**
   * Records the bill unless the rental's month already has one. The primary key (rental_id, month)
   * decides between processes billing at once: exactly one insert lands, and only its process
   * goes on to Stripe. One statement, so no transaction is needed around it.
   */
  async claim(row: Insertable<WellRentalBillsTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('well_rental_bills')
      .values(row)
      .onConflict((oc) => oc.columns(['rental_id', 'month']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async setInvoiceItem(rentalId: string, month: string, invoiceItemId: string): Promise<void> {
    await this.db
      .updateTable('well_rental_bills')
      .set({ invoice_item_id: invoiceItemId })
      .where('rental_id', '=', rentalId)
      .where('month', '=', month)
      .where('invoice_item_id', 'is', null)
      .execute();
  }

  /** Renters with bills at Stripe they are not yet invoiced for, at most `limit` of them. */
  async rentersToInvoice(limit = 500): Promise<number[]> {
    const rows = await this.uninvoiced()
      .select('r.renter_id')
      .distinct()
      .orderBy('r.renter_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.renter_id);
  }

  /** The renter's bills at Stripe not yet invoiced, oldest first (at most `limit`). */
  uninvoicedOf(renterId: number, limit = 100): Promise<UninvoicedBill[]> {
    return this.uninvoiced()
      .where('r.renter_id', '=', renterId)
      .select(['b.rental_id', 'b.month', 'b.invoice_item_id'])
      .$narrowType<{ invoice_item_id: string }>()
      .orderBy('b.created_at')
      .orderBy('b.rental_id')
      .limit(limit)
      .execute();
  }

  /** Records the invoice that took in these invoice items on their bills, where none is recorded. */
  async setInvoice(invoiceItemIds: readonly string[], invoiceId: string): Promise<number> {
    let updated = 0;
    for (let from = 0; from < invoiceItemIds.length; from += SET_INVOICE_BATCH) {
      const result = await this.db
        .updateTable('well_rental_bills')
        .set({ invoice_id: invoiceId })
        .where('invoice_item_id', 'in', invoiceItemIds.slice(from, from + SET_INVOICE_BATCH))
        .where('invoice_id', 'is', null)
        .executeTakeFirst();
      updated += Number(result.numUpdatedRows);
    }
    return updated;
  }

  private uninvoiced() {
    return this.db
      .selectFrom('well_rental_bills as b')
      .innerJoin('well_rentals as r', 'r.rental_id', 'b.rental_id')
      .where('b.invoice_id', 'is', null)
      .where('b.invoice_item_id', 'is not', null);
  }

  /** Bills with something to charge, claimed before `before` and still without their invoice item. */
  open(before: number): Promise<OpenBill[]> {
    return this.rentals()
      .innerJoin('well_rental_bills as b', 'b.rental_id', 'r.rental_id')
      .select(['b.month', 'b.tokens', 'b.amount_cents', 'b.created_at'])
      .where('b.invoice_item_id', 'is', null)
      .where('b.amount_cents', '>', 0)
      .where('b.created_at', '<', before)
      .orderBy('b.created_at')
      .limit(500)
      .execute();
  }
}
