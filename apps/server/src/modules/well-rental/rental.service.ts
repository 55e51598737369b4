import type { Earnings, Rental, Rentals, WellOffer, WellOfferCreate, WellOffers } from '@caravanserai/api';
import type { z } from 'zod';
import type { Access } from '../../access/access.js';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { Conflict, Forbidden, fieldError, NotFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { monthStart } from '../caravans/query-admission.js';
import { PaymentMethodRequired } from '../payments/payment-errors.js';
import { toRental, toWellOffer } from './rental.presenter.js';
import type { RentalsRepository, RentalWithNames } from './rentals.repository.js';

type OfferInput = z.output<typeof WellOfferCreate>;

const OFFER_NOT_FOUND = 'Offer not found.';
const RENTAL_NOT_FOUND = 'Rental not found.';
/** Earnings are shown for this many months, the one under way included. */
const EARNINGS_MONTHS = 12;

/** Whether the renter has a saved card, for priced offers; null while payments are off. */
export type CardCheck = ((user: UserRow) => Promise<boolean>) | null;

/** What renters owe for `tokens` at a price in cents per million tokens, rounded up to a cent. */
export const amountFor = (tokens: number, priceCents: number) => Math.ceil((tokens * priceCents) / 1_000_000);

/** `YYYY-MM` of a moment (UTC). */
export const monthOf = (at: number) => new Date(at).toISOString().slice(0, 7);

/**
 * The well market (DESIGN 10): owners offer their wells, others rent them and query through them
 * without ever receiving the key (the queries' admission is in caravans/query-admission.ts); either
 * side ends a rental; owners see what their offers earned each month.
 */
export class RentalService {
  constructor(
    private readonly access: Access,
    private readonly rentals: RentalsRepository,
    private readonly hasCard: CardCheck,
  ) {}

  async offer(user: UserRow, input: OfferInput): Promise<WellOffer> {
    await this.access.ownWell(user, input.wellid, 'wellid');
    if (input.price_per_million_tokens > 0 && this.hasCard === null)
      throw fieldError(
        'price_per_million_tokens',
        'Payments are off on this server: only free offers (0) can be made.',
      );
    const offerId = newId();
    await this.rentals.insertOffer({
      offer_id: offerId,
      wellid: input.wellid,
      owner_id: user.id,
      description: input.description,
      price_cents: input.price_per_million_tokens,
      monthly_token_cap: input.monthly_token_cap_per_renter,
      allowed_models: JSON.stringify(input.allowed_models),
      created_at: now(),
      withdrawn_at: null,
    });
    const row = await this.rentals.offer(offerId);
    return toWellOffer(row!, user.id, null);
  }

  async offers(user: UserRow): Promise<WellOffers> {
    const [offers, mine] = await Promise.all([
      this.rentals.offers(),
      this.rentals.rentalsOf(user.id, 'renter'),
    ]);
    const open = new Map(mine.filter((r) => r.ended_at === null).map((r) => [r.offer_id, r.rental_id]));
    return { results: offers.map((o) => toWellOffer(o, user.id, open.get(o.offer_id) ?? null)) };
  }

  async withdrawOffer(user: UserRow, offerId: string): Promise<void> {
    const offer = await this.rentals.offer(offerId);
    if (!offer || offer.withdrawn_at !== null) throw NotFound(OFFER_NOT_FOUND);
    if (offer.owner_id !== user.id) throw Forbidden('Only the owner can withdraw this offer.');
    await this.rentals.withdrawOffer(offerId, now());
  }

  async rent(user: UserRow, offerId: string): Promise<Rental> {
    const offer = await this.rentals.offer(offerId);
    if (!offer || offer.withdrawn_at !== null) throw NotFound(OFFER_NOT_FOUND);
    if (offer.owner_id === user.id) throw Forbidden('This is your own well: you use it without renting it.');
    if (offer.price_cents > 0) {
      if (this.hasCard === null) throw NotFound(OFFER_NOT_FOUND);
      if (!(await this.hasCard(user))) throw PaymentMethodRequired('this well is priced');
    }
    const rentalId = newId();
    let taken: boolean;
    try {
      taken = await this.rentals.insertRental({
        rental_id: rentalId,
        offer_id: offerId,
        renter_id: user.id,
        price_cents: offer.price_cents,
        started_at: now(),
        ended_at: null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw Conflict('You already rent this well.');
      throw error;
    }
    // Withdrawn (or its well deleted) since it was read above.
    if (!taken) throw NotFound(OFFER_NOT_FOUND);
    return toRental((await this.rentals.rental(rentalId))!, 0);
  }

  /** The renter ends their rental of an offer. */
  async endRent(user: UserRow, offerId: string): Promise<void> {
    const rental = await this.rentals.openRental(offerId, user.id);
    if (!rental) throw NotFound(RENTAL_NOT_FOUND);
    await this.rentals.endRental(rental.rental_id, now());
  }

  /** Either side ends a rental; anyone else is told it does not exist. */
  async endRental(user: UserRow, rentalId: string): Promise<void> {
    const rental = await this.rentals.rental(rentalId);
    if (!rental || (rental.renter_id !== user.id && rental.owner_id !== user.id))
      throw NotFound(RENTAL_NOT_FOUND);
    if (rental.ended_at === null) await this.rentals.endRental(rentalId, now());
  }

  async list(user: UserRow): Promise<Rentals> {
    const [renting, lending] = await Promise.all([
      this.rentals.rentalsOf(user.id, 'renter'),
      this.rentals.rentalsOf(user.id, 'owner'),
    ]);
    const used = await this.rentals.tokensSince(
      [...renting, ...lending].map((r) => r.rental_id),
      monthStart(),
    );
    const shown = (r: RentalWithNames) => toRental(r, used.get(r.rental_id) ?? 0);
    return { renting: renting.map(shown), lending: lending.map(shown) };
  }

  /** What the owner's rentals earned in each of the last twelve months, newest first; empty months left out. */
  async earnings(user: UserRow): Promise<Earnings> {
    const months: Earnings['months'] = [];
    let until = Number.MAX_SAFE_INTEGER;
    let start = monthStart();
    for (let i = 0; i < EARNINGS_MONTHS; i++) {
      const used = await this.rentals.ownerUsage(user.id, start, until);
      let tokens = 0;
      let amount = 0;
      for (const rental of used) {
        tokens += Number(rental.tokens);
        amount += amountFor(Number(rental.tokens), rental.price_cents);
      }
      if (used.length > 0)
        months.push({ month: monthOf(start), tokens, amount_cents: amount, rentals: used.length });
      until = start;
      start = monthStart(start - 1);
    }
    return { months };
  }
}
