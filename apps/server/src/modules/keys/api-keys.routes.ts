import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { Forbidden } from '../../errors.js';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';

export async function apiKeyRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.apiKeys;

  addRoute(app, route.list, signedIn, async (request) => services.apiKeys.list(requireUser(request)));

  addRoute(app, route.create, signedIn, async (request) => {
    const user = requireUser(request);
    // A leaked key must not be able to outlive its revocation by making another.
    if (request.apiKeyId !== null)
      throw Forbidden('API keys are made when signed in with a password, not with another API key.');
    return services.apiKeys.create(user, request.body);
  });

  addRoute(app, route.revoke, signedIn, async (request) => {
    await services.apiKeys.revoke(requireUser(request), request.params.id);
  });
}
