import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { publicOrigin } from '../download/public-origin.js';

const SSO_OFF = 'Single sign-on is not set up on this server.';

export async function ssoRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const limited = { config: { rateLimit: { max: services.config.authRateLimit, timeWindow: '1 minute' } } };
  const sso = () => {
    if (!services.sso) throw NotFound(SSO_OFF);
    return services.sso;
  };

  // The provider sends the browser back to the server's own address (PUBLIC_ORIGIN, or where the
  // request really arrived), never to one a Host header chose.
  addRoute(app, routes.sso.start, limited, async (request) =>
    sso().start(publicOrigin(request, services.config)),
  );

  addRoute(app, routes.sso.callback, limited, async (request) => ({ key: await sso().finish(request.body) }));
}
