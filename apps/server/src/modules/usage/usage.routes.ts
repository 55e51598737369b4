import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';

export async function usageRoutes(app: FastifyInstance, services: Services): Promise<void> {
  addRoute(app, routes.usage.get, signedIn, async (request) =>
    services.usage.summary(requireUser(request), request.query.days),
  );
}
