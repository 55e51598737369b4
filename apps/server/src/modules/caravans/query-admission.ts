import { now } from '../../db/columns.js';
import type { CaravanRow, UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { HttpError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { ActiveRental, RentalsRepository } from '../well-rental/rentals.repository.js';
import type { QueryWell } from '../wells/wells.service.js';
import type { CaravanUsageRepository } from './caravan-usage.repository.js';
import type { CaravansRepository } from './caravans.repository.js';
import { allowedModels, modelAllowed } from './policy.js';
import type { QueryReservationsRepository } from './query-reservations.repository.js';

/** A query let through: the caravan it is counted in (null: none), and its place under the quota. */
export interface Admission {
  caravanId: string | null;
  /**
   * Its reservation under the caravan's monthly query quota (null: no quota, or no caravan). The
   * query's usage row replaces it in the same transaction.
   */
  reservationId: string | null;
  /** The Bazaar rental it goes through (its usage is metered per rental), or null. */
  rentalId: string | null;
  /** Frees the reservation of a query that ends without a usage row. Idempotent. */
  release(): Promise<void>;
}

const NOT_COUNTED: Admission = {
  caravanId: null,
  reservationId: null,
  rentalId: null,
  release: async () => {},
};

/** The first moment of the current UTC month: quotas count from there. */
export function monthStart(at = Date.now()): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

const refused = (code: 'policy_model' | 'quota_exceeded' | 'policy_personal_wells', detail: string) =>
  new HttpError(403, code, detail);

/**
 * The caravans' policies, checked before any provider is called. A query
 * through a caravan's shared well is that caravan's (the first the user joined, when several share
 * the well): its allow-list and quotas apply, leaders' queries included, and its usage row names
 * it. `personal_wells: false` binds the caravan's members (not its leaders) to its shared wells.
 *
 * Concurrency rule, across every server process sharing the database: under a member's monthly
 * query quota, admission takes the caravan's row lock (PostgreSQL `SELECT ... FOR UPDATE`; on
 * SQLite the one writer), counts the member's answered queries this month plus their queries in
 * flight (reservations), and stores a reservation if a unit is left. The answer's usage row
 * replaces the reservation in one transaction, and a query ending without one releases it, so two
 * concurrent queries can never both take the last unit. A reservation left by a process that died
 * stops counting once it is older than the query timeout (plus a margin). Token quotas and the
 * caravan's token budget admit a query while the tokens already used are below the cap: a query's
 * own tokens are known only once it is answered, so at most the queries in flight at that moment
 * overshoot, each by its own tokens.
 */
export class QueryAdmission {
  constructor(
    private readonly db: Db,
    private readonly caravans: CaravansRepository,
    private readonly usage: CaravanUsageRepository,
    private readonly reservations: QueryReservationsRepository,
    private readonly rentals: RentalsRepository,
    /** How long a reservation counts: longer than any query can take to be recorded. */
    private readonly reservationTtlMs: number,
  ) {}

  async admit(user: UserRow, well: QueryWell): Promise<Admission> {
    const memberships = await this.caravans.policiesOf(user.id);
    const through = well.shares[0]?.caravan;
    const refusal = policyRefusal(
      memberships,
      well.row.origin_loc,
      well.shares.map((s) => s.caravan),
    );
    if (refusal) throw refusal;
    if (well.rental && !through) return this.admitRental(well.rental, well.row.origin_loc);
    if (!through) return NOT_COUNTED;
    return this.takeSlot(user, through);
  }

  /**
   * A query through a rented well (DESIGN 10): the offer's models and its monthly cap per renter,
   * checked as a caravan's token quota is (admitted while the tokens used are below the cap).
   */
  private async admitRental(rental: ActiveRental, originLoc: string): Promise<Admission> {
    if (rental.allowed_models.length > 0 && !modelAllowed(rental.allowed_models, originLoc))
      throw refused(
        'policy_model',
        `The owner of this well lets it answer only as ${rental.allowed_models.join(', ')}, not as "${originLoc}".`,
      );
    const used = await this.rentals.renterTokensSince(rental.offer_id, rental.renter_id, monthStart());
    if (used >= rental.monthly_token_cap)
      throw refused(
        'quota_exceeded',
        `Monthly token cap of ${rental.monthly_token_cap} reached for this rented well.`,
      );
    return { ...NOT_COUNTED, rentalId: rental.rental_id };
  }

  /**
   * Whether the caravans' policies would let the user query a well, quotas aside: for listing the
   * models a user may ask for (the gateway's `GET /v1/models`). `sharedIn`: the caravans sharing
   * it with them, oldest membership first.
   */
  async policies(user: UserRow): Promise<(originLoc: string, sharedIn: readonly string[]) => boolean> {
    const memberships = await this.caravans.policiesOf(user.id);
    const byId = new Map(memberships.map((m) => [m.caravan_id, m]));
    return (originLoc, sharedIn) => {
      const caravans = sharedIn.flatMap((id) => byId.get(id) ?? []);
      return policyRefusal(memberships, originLoc, caravans) === null;
    };
  }

  private async takeSlot(user: UserRow, caravan: CaravanRow): Promise<Admission> {
    const caravanId = caravan.caravan_id;
    const since = monthStart();
    const needsMember = caravan.member_monthly_queries !== null || caravan.member_monthly_tokens !== null;
    const [mine, all] = await Promise.all([
      needsMember ? this.usage.used(caravanId, since, user.id) : undefined,
      caravan.caravan_monthly_tokens !== null ? this.usage.used(caravanId, since) : undefined,
    ]);
    const name = caravan.name;
    const cap = (what: string, n: number) =>
      refused('quota_exceeded', `${what} of ${n} reached in caravan "${name}".`);
    const queryCap = caravan.member_monthly_queries;
    // Already used up: refused without taking the lock. The count under the lock decides the rest.
    if (mine && queryCap !== null && mine.queries >= queryCap) throw cap('Monthly query quota', queryCap);
    if (mine && caravan.member_monthly_tokens !== null && mine.tokens >= caravan.member_monthly_tokens)
      throw cap('Monthly token quota', caravan.member_monthly_tokens);
    if (all && caravan.caravan_monthly_tokens !== null && all.tokens >= caravan.caravan_monthly_tokens)
      throw cap('Monthly token budget', caravan.caravan_monthly_tokens);
    if (queryCap === null) return { caravanId, reservationId: null, rentalId: null, release: async () => {} };

    const reservationId = await this.reserve(user.id, caravanId, since, queryCap);
    if (!reservationId) throw cap('Monthly query quota', queryCap);
    let released = false;
    return {
      caravanId,
      reservationId,
      rentalId: null,
      release: async () => {
        if (released) return;
        released = true;
        // Should the database refuse now, the reservation still stops counting when it expires.
        await this.reservations.delete(reservationId).catch(() => undefined);
      },
    };
  }

  /** A reservation under the member's query quota, or null when its last unit is taken. */
  private reserve(userId: number, caravanId: string, since: number, queryCap: number) {
    return this.db.kysely.transaction().execute(async (trx) => {
      const at = now();
      await this.reservations.lockCaravan(caravanId, trx);
      await this.reservations.clearExpired(caravanId, at, trx);
      if ((await this.reservations.counted(caravanId, userId, since, at, trx)) >= queryCap) return null;
      const id = newId(16);
      await this.reservations.insert(
        { id, caravanId, userId, createdAt: at, expiresAt: at + this.reservationTtlMs },
        trx,
      );
      return id;
    });
  }
}

/**
 * Why the caravans' policies refuse a query through a well, or null: `personal_wells` binds a
 * caravan's members to its shared wells, and the caravan it counts in (the first sharing it) must
 * allow its model.
 */
function policyRefusal(
  memberships: readonly (CaravanRow & { role: string })[],
  originLoc: string,
  sharedIn: readonly CaravanRow[],
): HttpError | null {
  const ids = new Set(sharedIn.map((c) => c.caravan_id));
  for (const caravan of memberships) {
    if (caravan.role === 'member' && caravan.personal_wells === 0 && !ids.has(caravan.caravan_id)) {
      return refused(
        'policy_personal_wells',
        `Caravan "${caravan.name}" allows queries only through its shared wells.`,
      );
    }
  }
  const through = sharedIn[0];
  if (through && !modelAllowed(allowedModels(through), originLoc))
    return refused('policy_model', `The model "${originLoc}" is not allowed in caravan "${through.name}".`);
  return null;
}
