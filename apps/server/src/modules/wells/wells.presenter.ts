import type { OwnWell, Well } from '@caravanserai/api';
import { iso } from '../../db/columns.js';
import { shownHint } from '../../lib/secret-box.js';
import type { WellWithOwner } from './wells.repository.js';

export function toWell(row: WellWithOwner): OwnWell {
  const slash = row.origin_loc.indexOf('/');
  return {
    wellid: row.wellid,
    title: row.title,
    owner: { username: row.owner_username },
    model_url: row.model_url,
    origin_loc: row.origin_loc,
    provider: row.origin_loc.slice(0, slash),
    model: row.origin_loc.slice(slash + 1),
    AUTH_MODEL_KEY: shownHint(row.key_hint),
    created: iso(row.created_at),
    modified: iso(row.modified_at),
  };
}

/**
 * A well a caravan shares with the caller: marked with that caravan, and with no key field at all
 * (not even masked), nor the address the key is sent to.
 */
export function toSharedWell(row: WellWithOwner, caravan: { caravan_id: string; name: string }): Well {
  const { AUTH_MODEL_KEY: _key, ...well } = toWell(row);
  return { ...well, caravan: { caravan_id: caravan.caravan_id, name: caravan.name } };
}

/** A well the caller rents in the Bazaar (DESIGN 10): without its key, and without its address. */
export function toRentedWell(
  row: WellWithOwner,
  rental: { rental_id: string; offer_id: string; owner_username: string },
): Well {
  const { AUTH_MODEL_KEY: _key, model_url: _address, ...well } = toWell(row);
  return {
    ...well,
    rental: {
      rental_id: rental.rental_id,
      offer_id: rental.offer_id,
      owner: { username: rental.owner_username },
    },
  };
}
