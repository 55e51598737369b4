import { z } from 'zod';
import { defineRoute } from '../route.js';
import { Id } from '../schemas/common.js';
import { Earnings, Rental, Rentals, WellOffer, WellOfferCreate, WellOffers } from '../schemas/well-rental.js';

const OFFERS = '/bazaar/wells/';
const byOffer = z.object({ offer_id: Id });

/**
 * Well rental (DESIGN 10): the well market and rentals. A rented well is in the renter's well list
 * with `rental` and no key; its queries pass the offer's admission (cap, models) before any call.
 */
export const wellRentalRoutes = {
  offer: defineRoute({
    method: 'POST',
    path: OFFERS,
    body: WellOfferCreate,
    response: { 201: WellOffer },
    errors: ['not_authenticated', 'invalid', 'conflict'],
  }),
  offers: defineRoute({
    method: 'GET',
    path: OFFERS,
    response: { 200: WellOffers },
    errors: ['not_authenticated'],
  }),
  /** The owner withdraws the offer: every rental of it ends at once. */
  withdrawOffer: defineRoute({
    method: 'DELETE',
    path: `${OFFERS}:offer_id/`,
    params: byOffer,
    response: { 204: null },
    errors: ['not_authenticated', 'not_found', 'permission_denied'],
  }),
  /** A priced offer needs the renter's saved card (payments on). */
  rent: defineRoute({
    method: 'POST',
    path: `${OFFERS}:offer_id/rent/`,
    params: byOffer,
    response: { 201: Rental },
    errors: ['not_authenticated', 'not_found', 'permission_denied', 'conflict', 'payment_method_required'],
  }),
  /** The renter ends their rental of the offer. */
  endRent: defineRoute({
    method: 'DELETE',
    path: `${OFFERS}:offer_id/rent/`,
    params: byOffer,
    response: { 204: null },
    errors: ['not_authenticated', 'not_found'],
  }),
  rentals: defineRoute({
    method: 'GET',
    path: '/bazaar/rentals/',
    response: { 200: Rentals },
    errors: ['not_authenticated'],
  }),
  /** Either side ends a rental. */
  endRental: defineRoute({
    method: 'DELETE',
    path: '/bazaar/rentals/:rental_id/',
    params: z.object({ rental_id: Id }),
    response: { 204: null },
    errors: ['not_authenticated', 'not_found'],
  }),
  /** What the owner's offers earned, per month, newest first. */
  earnings: defineRoute({
    method: 'GET',
    path: '/bazaar/earnings/',
    response: { 200: Earnings },
    errors: ['not_authenticated'],
  }),
};
