import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import type { WellOffersTable, WellRentalsTable } from '../../db/rental-tables.js';
import { withdrawOffers } from './offer-withdrawal.js';

/** What a rental shows for a well its owner has since deleted. */
export const DELETED_WELL = 'A deleted well';

export type OfferRow = Selectable<WellOffersTable>;
export type RentalRow = Selectable<WellRentalsTable>;

/** A rental under way of an offer not withdrawn: what admission and the well list need of it. */
export interface ActiveRental {
  rental_id: string;
  offer_id: string;
  renter_id: number;
  wellid: string;
  owner_username: string;
  monthly_token_cap: number;
  /** `provider/model` patterns; empty: any. */
  allowed_models: string[];
}

/** An offer with its well's public facts and owner. */
export type OfferWithWell = OfferRow & {
  owner_username: string;
  well_title: string;
  origin_loc: string;
  renters: number;
};

/**
 * The tokens (input and output) of the usage rows `g`, summed. Both columns are 32-bit `integer`s
 * and a provider may report over half that range for each (an owner's own server, say): they are
 * added as 64-bit integers, or PostgreSQL refuses the sum as out of range.
 */
const USED_TOKENS = sql<
  number | string
>`sum(cast(${sql.ref('g.input_tokens')} as bigint) + cast(${sql.ref('g.output_tokens')} as bigint))`;

/** A rental with the names its page shows. */
export type RentalWithNames = RentalRow & {
  wellid: string;
  well_title: string;
  owner_id: number;
  owner_username: string;
  renter_username: string;
  monthly_token_cap: number;
};

/**
 * Offers, rentals and each rental's metered use (the usage rows naming it). With payments off
 * (`freeOnly`) only free offers exist (DESIGN 10): a priced offer or rental made while they were on
 * is neither listed nor usable until they are on again.
 */
export class RentalsRepository {
  constructor(
    private readonly db: Executor,
    private readonly freeOnly: boolean,
    private readonly dialect: DialectName,
  ) {}

  /**
   * The renter's rentals under way of offers not withdrawn, newest first. A renter may rent one
   * well through several offers: the newest is the one admission applies and the well list shows.
   */
  private rentalsUnderWay(renterId: number, db: Executor) {
    return db
      .selectFrom('well_rentals as r')
      .innerJoin('well_offers as o', 'o.offer_id', 'r.offer_id')
      .innerJoin('users as u', 'u.id', 'o.owner_id')
      .where('r.renter_id', '=', renterId)
      .where('r.ended_at', 'is', null)
      .where('o.withdrawn_at', 'is', null)
      .$if(this.freeOnly, (q) => q.where('r.price_cents', '=', 0))
      .orderBy('r.started_at', 'desc')
      .orderBy('r.rental_id', 'desc');
  }

  async activeFor(
    renterId: number,
    wellid: string,
    db: Executor = this.db,
  ): Promise<ActiveRental | undefined> {
    const row = await this.rentalsUnderWay(renterId, db)
      .select([
        'r.rental_id',
        'o.offer_id',
        'r.renter_id',
        'o.wellid',
        'u.username as owner_username',
        'o.monthly_token_cap',
      ])
      .select('o.allowed_models')
      .where('o.wellid', '=', wellid)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...row,
      monthly_token_cap: Number(row.monthly_token_cap),
      allowed_models: JSON.parse(row.allowed_models),
    };
  }

  /** The wells the user rents now; a well rented through several offers comes first as `activeFor` answers it. */
  rentedBy(
    renterId: number,
  ): Promise<{ wellid: string; rental_id: string; offer_id: string; owner_username: string }[]> {
    return this.rentalsUnderWay(renterId, this.db)
      .select(['o.wellid', 'r.rental_id', 'o.offer_id', 'u.username as owner_username'])
      .where('o.owner_id', '!=', renterId)
      .execute();
  }

  private offersWithWells(db: Executor) {
    return db
      .selectFrom('well_offers as o')
      .innerJoin('wells as w', 'w.wellid', 'o.wellid')
      .innerJoin('users as u', 'u.id', 'o.owner_id')
      .selectAll('o')
      .select(['u.username as owner_username', 'w.title as well_title', 'w.origin_loc'])
      .select((eb) =>
        eb
          .selectFrom('well_rentals as r')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .whereRef('r.offer_id', '=', 'o.offer_id')
          .where('r.ended_at', 'is', null)
          .as('renters'),
      );
  }

  async offers(): Promise<OfferWithWell[]> {
    const rows = await this.offersWithWells(this.db)
      .where('o.withdrawn_at', 'is', null)
      .$if(this.freeOnly, (q) => q.where('o.price_cents', '=', 0))
      .orderBy('o.created_at', 'desc')
      .limit(500)
      .execute();
    return rows.map((row) => ({
      ...row,
      renters: Number(row.renters ?? 0),
      monthly_token_cap: Number(row.monthly_token_cap),
    }));
  }

  async offer(offerId: string, db: Executor = this.db): Promise<OfferWithWell | undefined> {
    const row = await this.offersWithWells(db).where('o.offer_id', '=', offerId).executeTakeFirst();
    return (
      row && { ...row, renters: Number(row.renters ?? 0), monthly_token_cap: Number(row.monthly_token_cap) }
    );
  }

  async insertOffer(row: OfferRow): Promise<void> {
    await this.db.insertInto('well_offers').values(row).execute();
  }

  /** Withdraws the offer and ends its rentals, in one transaction. */
  async withdrawOffer(offerId: string, at: number): Promise<void> {
    await this.db.transaction().execute((trx) => withdrawOffers(trx, { offer_id: offerId }, at));
  }

  /**
   * Records the rental unless its offer is withdrawn (its well deleted) by now: false then. The
   * offer is read again in the insert's transaction, and on PostgreSQL share-locked, so that a
   * withdrawal under way is waited for, and one starting after finds this rental and ends it
   * (`withdrawOffers`). SQLite runs one write transaction at a time, which orders them alike.
   */
  async insertRental(row: RentalRow): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const offer = await trx
        .selectFrom('well_offers')
        .select('offer_id')
        .where('offer_id', '=', row.offer_id)
        .where('withdrawn_at', 'is', null)
        .$if(this.dialect === 'postgres', (q) => q.forShare())
        .executeTakeFirst();
      if (!offer) return false;
      await trx.insertInto('well_rentals').values(row).execute();
      return true;
    });
  }

  private rentalsWithNames(db: Executor) {
    return db
      .selectFrom('well_rentals as r')
      .innerJoin('well_offers as o', 'o.offer_id', 'r.offer_id')
      .leftJoin('wells as w', 'w.wellid', 'o.wellid')
      .innerJoin('users as owner', 'owner.id', 'o.owner_id')
      .innerJoin('users as renter', 'renter.id', 'r.renter_id')
      .selectAll('r')
      .select([
        'o.wellid',
        'o.owner_id',
        'owner.username as owner_username',
        'renter.username as renter_username',
        'o.monthly_token_cap',
      ])
      .select((eb) => eb.fn.coalesce('w.title', sql.lit(DELETED_WELL)).as('well_title'));
  }

  async rental(rentalId: string): Promise<RentalWithNames | undefined> {
    const row = await this.rentalsWithNames(this.db).where('r.rental_id', '=', rentalId).executeTakeFirst();
    return row && { ...row, monthly_token_cap: Number(row.monthly_token_cap) };
  }

  async openRental(offerId: string, renterId: number): Promise<RentalWithNames | undefined> {
    const row = await this.rentalsWithNames(this.db)
      .where('r.offer_id', '=', offerId)
      .where('r.renter_id', '=', renterId)
      .where('r.ended_at', 'is', null)
      .executeTakeFirst();
    return row && { ...row, monthly_token_cap: Number(row.monthly_token_cap) };
  }

  /** The user's rentals as renter, or of their offers as owner, newest first (at most 500). */
  async rentalsOf(userId: number, side: 'renter' | 'owner'): Promise<RentalWithNames[]> {
    const rows = await this.rentalsWithNames(this.db)
      .where(side === 'renter' ? 'r.renter_id' : 'o.owner_id', '=', userId)
      .orderBy('r.started_at', 'desc')
      .limit(500)
      .execute();
    return rows.map((row) => ({ ...row, monthly_token_cap: Number(row.monthly_token_cap) }));
  }

  async endRental(rentalId: string, at: number): Promise<void> {
    await this.db
      .updateTable('well_rentals')
      .set({ ended_at: at })
      .where('rental_id', '=', rentalId)
      .where('ended_at', 'is', null)
      .execute();
  }

  /**
   * Tokens (input and output) the renter used this month through every rental of the offer: the
   * cap is the renter's per month, so ending a rental and renting again starts nothing afresh.
   */
  async renterTokensSince(offerId: string, renterId: number, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('usage as g')
      .innerJoin('well_rentals as r', 'r.rental_id', 'g.rental_id')
      .select(USED_TOKENS.as('tokens'))
      .where('r.offer_id', '=', offerId)
      .where('r.renter_id', '=', renterId)
      .where('g.created_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.tokens ?? 0);
  }

  /** Each rental of the owner's offers used in [since, until): its tokens and the price it was taken at. */
  ownerUsage(
    ownerId: number,
    since: number,
    until: number,
  ): Promise<{ rental_id: string; price_cents: number; tokens: number | string }[]> {
    return this.db
      .selectFrom('usage as g')
      .innerJoin('well_rentals as r', 'r.rental_id', 'g.rental_id')
      .innerJoin('well_offers as o', 'o.offer_id', 'r.offer_id')
      .select(['r.rental_id', 'r.price_cents'])
      .select(USED_TOKENS.as('tokens'))
      .where('o.owner_id', '=', ownerId)
      .where('g.created_at', '>=', since)
      .where('g.created_at', '<', until)
      .groupBy(['r.rental_id', 'r.price_cents'])
      .execute();
  }

  /** Tokens (input and output) used through each rental from `since` (until `until`, when given). */
  async tokensSince(
    rentalIds: readonly string[],
    since: number,
    until?: number,
  ): Promise<Map<string, number>> {
    if (rentalIds.length === 0) return new Map();
    let query = this.db
      .selectFrom('usage as g')
      .select(['g.rental_id', USED_TOKENS.as('tokens')])
      .where('g.rental_id', 'in', rentalIds)
      .where('g.created_at', '>=', since);
    if (until !== undefined) query = query.where('g.created_at', '<', until);
    const rows = await query.groupBy('g.rental_id').execute();
    return new Map(rows.map((row) => [row.rental_id!, Number(row.tokens ?? 0)]));
  }
}
