import type { GatewayModelList } from '@caravanserai/api';
import type { UserRow } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { parseOriginLoc } from '../../providers/registry.js';
import type { CaravansRepository } from '../caravans/caravans.repository.js';
import type { QueryAdmission } from '../caravans/query-admission.js';
import type { RentalsRepository } from '../well-rental/rentals.repository.js';
import type { WellsRepository, WellWithOwner } from '../wells/wells.repository.js';
import type { QueryWell, WellsService } from '../wells/wells.service.js';
import { modelNotFound } from './gateway-errors.js';

/** A well the user may ask through, and whether the caravans' policies let them (quotas aside). */
interface Usable {
  well: WellWithOwner;
  permitted: boolean;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Which wells a gateway caller may name as `model` (DESIGN 11): their own, those their caravans
 * share with them and those they rent in the Bazaar, by wellid or by origin_loc. An origin_loc
 * names the first such well the caravans' policies allow (own wells first, newest first; then
 * shared ones by title; then rented ones by title).
 */
export class GatewayModels {
  constructor(
    private readonly wellRows: WellsRepository,
    private readonly caravans: CaravansRepository,
    private readonly admission: QueryAdmission,
    private readonly wells: WellsService,
    private readonly rentals: RentalsRepository,
  ) {}

  /** `GET /v1/models`: each model once, then each well by its wellid; none the policies refuse. */
  async list(user: UserRow): Promise<GatewayModelList> {
    const usable = (await this.usable(user)).filter((u) => u.permitted);
    const entry = (id: string, well: WellWithOwner) => ({
      id,
      object: 'model' as const,
      created: seconds(well.created_at),
      owned_by: well.owner_username,
    });
    const byModel = new Map<string, WellWithOwner>();
    for (const { well } of usable) if (!byModel.has(well.origin_loc)) byModel.set(well.origin_loc, well);
    return {
      object: 'list',
      data: [
        ...[...byModel].map(([originLoc, well]) => entry(originLoc, well)),
        ...usable.map(({ well }) => entry(well.wellid, well)),
      ],
    };
  }

  /** The well `model` names, its key opened; 404 `model_not_found` for anything the user may not use. */
  async resolve(user: UserRow, model: string): Promise<QueryWell> {
    let wellid = model;
    if (model.includes('/')) {
      const candidates = (await this.usable(user)).filter((u) => u.well.origin_loc === model);
      // One the policies refuse is still chosen when it is the only kind: admission then says why.
      const chosen = candidates.find((u) => u.permitted) ?? candidates[0];
      if (!chosen) throw modelNotFound(model);
      wellid = chosen.well.wellid;
    }
    try {
      return await this.wells.forQuery(user, wellid, 'model');
    } catch (error) {
      // Not there, or not the caller's to use: alike to them, as OpenAI says of a model.
      if (error instanceof HttpError && error.fields?.model) throw modelNotFound(model);
      throw error;
    }
  }

  /** The user's own wells (newest first), then the wells shared with them, then those they rent (by title). */
  private async usable(user: UserRow): Promise<Usable[]> {
    const [own, shared, rented, permits] = await Promise.all([
      this.wellRows.listByOwner(user.id),
      this.caravans.wellsSharedWith(user.id),
      this.rentals.rentedBy(user.id),
      this.admission.policies(user),
    ]);
    // Oldest membership first: the first caravan sharing a well is the one it counts in.
    const sharedIn = new Map<string, string[]>();
    for (const s of shared) sharedIn.set(s.wellid, [...(sharedIn.get(s.wellid) ?? []), s.caravan_id]);
    const ownIds = new Set(own.map((w) => w.wellid));
    const byTitle = (a: WellWithOwner, b: WellWithOwner) =>
      a.title.localeCompare(b.title) || a.wellid.localeCompare(b.wellid);
    const others = (
      await this.wellRows.findManyWithOwner([...sharedIn.keys()].filter((id) => !ownIds.has(id)))
    ).sort(byTitle);
    // Then the wells the user rents in the Bazaar (DESIGN 10), neither theirs nor shared with them.
    const rentedIds = rented.map((r) => r.wellid).filter((id) => !ownIds.has(id) && !sharedIn.has(id));
    const rentedWells = (await this.wellRows.findManyWithOwner([...new Set(rentedIds)])).sort(byTitle);
    return [...own, ...others, ...rentedWells]
      .filter((well) => parseOriginLoc(well.origin_loc) !== null)
      .map((well) => ({ well, permitted: permits(well.origin_loc, sharedIn.get(well.wellid) ?? []) }));
  }
}
