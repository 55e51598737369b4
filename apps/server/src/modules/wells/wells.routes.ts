import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';

export async function wellRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.wells;

  addRoute(app, route.list, signedIn, async (request) => services.wells.list(requireUser(request)));

  addRoute(app, route.create, signedIn, async (request) =>
    services.wells.create(requireUser(request), request.body),
  );

  addRoute(app, route.test, signedIn, async (request) =>
    services.wellChecks.test(requireUser(request), request.body),
  );

  addRoute(app, route.get, signedIn, async (request) =>
    services.wells.detail(requireUser(request), request.params.wellid),
  );

  for (const update of [route.update, route.patch]) {
    addRoute(app, update, signedIn, async (request) =>
      services.wells.update(requireUser(request), request.params.wellid, request.body),
    );
  }

  addRoute(app, route.remove, signedIn, async (request) => {
    await services.wells.remove(requireUser(request), request.params.wellid);
  });
}
