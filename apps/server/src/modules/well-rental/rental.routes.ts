import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';

/** The well market (DESIGN 10): offers, rentals and earnings, all for signed-in users. */
export async function wellRentalRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.wellRental;
  const rental = services.wellRental;

  addRoute(app, route.offer, signedIn, async (request) => rental.offer(requireUser(request), request.body));
  addRoute(app, route.offers, signedIn, async (request) => rental.offers(requireUser(request)));
  addRoute(app, route.withdrawOffer, signedIn, async (request) => {
    await rental.withdrawOffer(requireUser(request), request.params.offer_id);
  });
  addRoute(app, route.rent, signedIn, async (request) =>
    rental.rent(requireUser(request), request.params.offer_id),
  );
  addRoute(app, route.endRent, signedIn, async (request) => {
    await rental.endRent(requireUser(request), request.params.offer_id);
  });
  addRoute(app, route.rentals, signedIn, async (request) => rental.list(requireUser(request)));
  addRoute(app, route.endRental, signedIn, async (request) => {
    await rental.endRental(requireUser(request), request.params.rental_id);
  });
  addRoute(app, route.earnings, signedIn, async (request) => rental.earnings(requireUser(request)));
}
