import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';

export async function profileRoutes(app: FastifyInstance, services: Services): Promise<void> {
  addRoute(app, routes.profiles.get, {}, (request) =>
    services.profiles.get(request.user, request.params.username),
  );
}
