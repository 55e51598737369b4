import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';

export async function journalRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.journals;

  addRoute(app, route.list, signedIn, async (request) => services.journals.list(requireUser(request)));

  addRoute(app, route.create, signedIn, async (request) =>
    services.journals.create(requireUser(request), request.body),
  );

  addRoute(app, route.get, signedIn, async (request) =>
    services.journals.get(requireUser(request), request.params.jid),
  );

  for (const update of [route.update, route.patch]) {
    addRoute(app, update, signedIn, async (request) =>
      services.journals.update(requireUser(request), request.params.jid, request.body),
    );
  }

  addRoute(app, route.remove, signedIn, async (request) => {
    await services.journals.remove(requireUser(request), request.params.jid);
  });
}
