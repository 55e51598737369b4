import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { publicOrigin } from '../download/public-origin.js';

export async function adminRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.admin;

  addRoute(app, route.users, signedIn, async (request) =>
    services.adminUsers.list(requireUser(request), request.query),
  );

  addRoute(app, route.updateUser, signedIn, async (request) =>
    services.adminUsers.setDisabled(requireUser(request), request.params.username, request.body.disabled),
  );

  addRoute(app, route.createInvite, signedIn, async (request) =>
    services.invites.create(requireUser(request), request.body, publicOrigin(request, services.config)),
  );
}
