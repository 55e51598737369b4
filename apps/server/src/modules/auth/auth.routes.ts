import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { publicOrigin } from '../download/public-origin.js';
import { toCurrentUser } from './auth.service.js';

export async function authRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.auth;
  const limited = { config: { rateLimit: { max: services.config.authRateLimit, timeWindow: '1 minute' } } };
  const current = (user: Parameters<typeof toCurrentUser>[0]) =>
    toCurrentUser(user, services.admins.is(user));

  addRoute(app, route.register, limited, async (request) => ({
    key: await services.registration.register(request.body),
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

  addRoute(app, route.user, {}, async (request) => current(requireUser(request)));

  for (const update of [route.updateUser, route.replaceUser]) {
    addRoute(app, update, signedIn, async (request) =>
      current(await services.auth.update(requireUser(request), request.body)),
    );
  }

  // The link's address is the server's own (PUBLIC_ORIGIN, or where the request really arrived),
  // never a Host header a stranger chose: the mail would otherwise carry the token to them.
  addRoute(app, route.passwordReset, limited, async (request) => ({
    detail: services.passwordResets.request(request.body.email, publicOrigin(request, services.config)),
  }));

  addRoute(app, route.passwordResetConfirm, limited, async (request) => ({
    detail: await services.passwordResets.confirm(request.body),
  }));
}
