import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { toCurrentUser } from './auth.service.js';

export async function authRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.auth;
  const limited = { config: { rateLimit: { max: services.config.authRateLimit, timeWindow: '1 minute' } } };

  addRoute(app, route.register, limited, async (request) => ({
    key: await services.auth.register(request.body),
  }));

  addRoute(app, route.login, limited, async (request) => ({ key: await services.auth.login(request.body) }));

  addRoute(app, route.logout, {}, async (request) => {
    if (request.tokenHash) await services.auth.logout(request.tokenHash);
    return { detail: 'Successfully logged out.' };
  });

  addRoute(app, route.logoutAll, signedIn, async (request) => {
    await services.auth.logoutEverywhere(requireUser(request));
    return { detail: 'Signed out everywhere.' };
  });

  addRoute(app, route.user, {}, async (request) => toCurrentUser(requireUser(request)));

  for (const update of [route.updateUser, route.replaceUser]) {
    addRoute(app, update, signedIn, async (request) =>
      toCurrentUser(await services.auth.update(requireUser(request), request.body)),
    );
  }
}
