import type { CaravanMemberRow, CaravanRow, UserRow } from '../db/database.js';
import { Forbidden, fieldError, NotFound } from '../errors.js';
import type { CaravansRepository, ShareThroughMembership } from '../modules/caravans/caravans.repository.js';
import type { ActiveRental, RentalsRepository } from '../modules/well-rental/rentals.repository.js';
import type { WellsRepository, WellWithOwner } from '../modules/wells/wells.repository.js';

export const CARAVAN_NOT_FOUND = 'Caravan not found.';

export interface CaravanSeat {
  caravan: CaravanRow;
  membership: CaravanMemberRow;
}

/**
 * A well the user may query: their own, one a caravan of theirs shares (`shares`, oldest first),
 * or one they rent in the Bazaar (`rental`, when neither of the others).
 */
export interface UsableWell {
  well: WellWithOwner;
  own: boolean;
  shares: ShareThroughMembership[];
  rental: ActiveRental | null;
}

/**
 * Membership of a caravan: who may see it (its members; anyone else is told it does not exist),
 * who may change it (its leaders; a member gets 403), and which wells a member may use through it
 * (or through a rental in the Bazaar).
 * Membership is read at each request, so a removed member or an unshared well is cut off at once.
 */
export class CaravanAccess {
  constructor(
    private readonly caravans: CaravansRepository,
    private readonly wells: WellsRepository,
    private readonly rentals: RentalsRepository,
  ) {}

  async member(user: UserRow, caravanId: string): Promise<CaravanSeat> {
    const [caravan, membership] = await Promise.all([
      this.caravans.find(caravanId),
      this.caravans.membership(caravanId, user.id),
    ]);
    if (!caravan || !membership) throw NotFound(CARAVAN_NOT_FOUND);
    return { caravan, membership };
  }

  async leader(user: UserRow, caravanId: string): Promise<CaravanSeat> {
    const seat = await this.member(user, caravanId);
    if (seat.membership.role !== 'leader') throw Forbidden('Only a leader of this caravan can do this.');
    return seat;
  }

  /** The user's own well or one shared with them; anything else does not exist (404, or 400 on `field`). */
  async usableWell(user: UserRow, wellid: string, field?: string): Promise<UsableWell> {
    const well = await this.wells.findWithOwner(wellid);
    const shares = well ? await this.caravans.sharing(user.id, wellid) : [];
    const own = well !== undefined && well.owner_id === user.id;
    // A rental counts only where neither ownership nor a caravan gives the well already.
    const rental =
      well && !own && shares.length === 0 ? await this.rentals.activeFor(user.id, wellid) : undefined;
    if (!well || (!own && shares.length === 0 && !rental))
      throw field ? fieldError(field, 'Well not found.') : NotFound('Well not found.');
    return { well, own, shares, rental: rental ?? null };
  }

  /** Whether a caravan of the user's shares this well with them, or they rent it in the Bazaar. */
  async sharedOrRented(user: UserRow, wellid: string): Promise<boolean> {
    if ((await this.caravans.sharing(user.id, wellid)).length > 0) return true;
    return (await this.rentals.activeFor(user.id, wellid)) !== undefined;
  }
}
