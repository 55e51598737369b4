import type { Rental, WellOffer } from '@caravanserai/api';
import { iso } from '../../db/columns.js';
import { parseOriginLoc } from '../../providers/registry.js';
import type { OfferWithWell, RentalWithNames } from './rentals.repository.js';

export function toWellOffer(row: OfferWithWell, viewerId: number, rentalId: string | null): WellOffer {
  const origin = parseOriginLoc(row.origin_loc);
  return {
    offer_id: row.offer_id,
    well: {
      title: row.well_title,
      provider: origin?.family.id ?? row.origin_loc.split('/')[0] ?? '',
      model: origin?.model ?? row.origin_loc.split('/').slice(1).join('/'),
      origin_loc: row.origin_loc,
    },
    owner: { username: row.owner_username },
    description: row.description,
    price_per_million_tokens: row.price_cents,
    monthly_token_cap_per_renter: row.monthly_token_cap,
    allowed_models: JSON.parse(row.allowed_models) as string[],
    created: iso(row.created_at),
    renters: row.renters,
    mine: row.owner_id === viewerId,
    rental_id: rentalId,
  };
}

export function toRental(row: RentalWithNames, tokensThisMonth: number): Rental {
  return {
    rental_id: row.rental_id,
    offer_id: row.offer_id,
    wellid: row.wellid,
    well_title: row.well_title,
    owner: { username: row.owner_username },
    renter: { username: row.renter_username },
    price_per_million_tokens: row.price_cents,
    monthly_token_cap: row.monthly_token_cap,
    started: iso(row.started_at),
    ended: row.ended_at === null ? null : iso(row.ended_at),
    tokens_this_month: tokensThisMonth,
  };
}
