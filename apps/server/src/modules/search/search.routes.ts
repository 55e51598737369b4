import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';

export async function searchRoutes(app: FastifyInstance, services: Services): Promise<void> {
  addRoute(app, routes.search.find, signedIn, async (request) =>
    services.search.search(requireUser(request), request.query),
  );
}
