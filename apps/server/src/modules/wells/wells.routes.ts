import { Id, WellCreate, WellTest, WellUpdate } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';

const WellParams = z.object({ wellid: Id });

export async function wellRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/journals/wells/', signedIn, async (request) => services.wells.list(requireUser(request)));

  r.post('/journals/wells/', { ...signedIn, schema: { body: WellCreate } }, async (request, reply) => {
    const well = await services.wells.create(requireUser(request), request.body);
    return reply.status(201).send(well);
  });

  r.post('/journals/wells/test/', { ...signedIn, schema: { body: WellTest } }, async (request) =>
    services.wellChecks.test(requireUser(request), request.body),
  );

  r.get('/journals/wells/:wellid/', { ...signedIn, schema: { params: WellParams } }, async (request) =>
    services.wells.detail(requireUser(request), request.params.wellid),
  );

  for (const method of ['put', 'patch'] as const) {
    r[method](
      '/journals/wells/:wellid/',
      { ...signedIn, schema: { params: WellParams, body: WellUpdate } },
      async (request) => services.wells.update(requireUser(request), request.params.wellid, request.body),
    );
  }

  r.delete(
    '/journals/wells/:wellid/',
    { ...signedIn, schema: { params: WellParams } },
    async (request, reply) => {
      await services.wells.remove(requireUser(request), request.params.wellid);
      return reply.status(204).send();
    },
  );
}
