import { Login, Registration, UserUpdate } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';
import { toCurrentUser } from './auth.service.js';

export async function authRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: services.config.authRateLimit, timeWindow: '1 minute' } };

  r.post(
    '/rest-auth/registration/',
    { schema: { body: Registration }, config: limited },
    async (request, reply) => {
      const key = await services.auth.register(request.body);
      return reply.status(201).send({ key });
    },
  );

  r.post('/rest-auth/login/', { schema: { body: Login }, config: limited }, async (request) => {
    return { key: await services.auth.login(request.body) };
  });

  r.post('/rest-auth/logout/', async (request) => {
    if (request.tokenHash) await services.auth.logout(request.tokenHash);
    return { detail: 'Successfully logged out.' };
  });

  r.post('/rest-auth/logout/all/', signedIn, async (request) => {
    await services.auth.logoutEverywhere(requireUser(request));
    return { detail: 'Signed out everywhere.' };
  });

  r.get('/rest-auth/user/', async (request) => toCurrentUser(requireUser(request)));

  const update = { ...signedIn, schema: { body: UserUpdate } };
  r.patch('/rest-auth/user/', update, async (request) =>
    toCurrentUser(await services.auth.update(requireUser(request), request.body)),
  );
  r.put('/rest-auth/user/', update, async (request) =>
    toCurrentUser(await services.auth.update(requireUser(request), request.body)),
  );
}
