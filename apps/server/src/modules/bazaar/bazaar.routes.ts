import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';

/** The Bazaar (DESIGN 10). The gallery and listings answer signed out too. */
export async function bazaarRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.bazaar;
  const { publishing, listings, moderation } = services.bazaar;

  addRoute(app, route.preview, signedIn, async (request) =>
    publishing.preview(requireUser(request), request.body),
  );
  addRoute(app, route.publish, signedIn, async (request) =>
    publishing.publish(requireUser(request), request.body),
  );
  addRoute(app, route.publishVersion, signedIn, async (request) =>
    publishing.publishVersion(requireUser(request), request.params.listing_id, request.body),
  );
  addRoute(app, route.withdraw, signedIn, async (request) => {
    await publishing.withdraw(requireUser(request), request.params.listing_id);
  });

  addRoute(app, route.gallery, {}, async (request) => listings.page(request.user, request.query));
  addRoute(app, route.get, {}, async (request) => listings.get(request.user, request.params.slug));
  addRoute(app, route.getVersion, {}, async (request) =>
    listings.get(request.user, request.params.slug, request.params.version),
  );
  addRoute(app, route.fork, signedIn, async (request) =>
    listings.fork(requireUser(request), request.params.listing_id, request.body),
  );
  addRoute(app, route.star, signedIn, async (request) =>
    listings.star(requireUser(request), request.params.listing_id, true),
  );
  addRoute(app, route.unstar, signedIn, async (request) =>
    listings.star(requireUser(request), request.params.listing_id, false),
  );

  addRoute(app, route.report, signedIn, async (request) =>
    moderation.report(requireUser(request), request.params.listing_id, request.body.reason),
  );
  addRoute(app, route.reports, signedIn, async (request) => moderation.list(requireUser(request)));
  addRoute(app, route.moderate, signedIn, async (request) => {
    await moderation.moderate(requireUser(request), request.params.listing_id, request.body.hidden);
  });
}
