import { Id, MapperProfileCreate, MapperProfileUpdate } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';

export async function terminalProfileRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/mapper/mapper-profile/', signedIn, async (request) =>
    services.terminalProfiles.list(requireUser(request)),
  );

  r.post(
    '/mapper/mapper-profile/',
    { ...signedIn, schema: { body: MapperProfileCreate } },
    async (request, reply) => {
      const { profile, created } = await services.terminalProfiles.createDefault(
        requireUser(request),
        request.body.owner,
      );
      return reply.status(created ? 201 : 200).send(profile);
    },
  );

  const params = z.object({ id: Id });
  for (const method of ['put', 'patch'] as const) {
    r[method](
      '/mapper/mapper-profile/:id/',
      { ...signedIn, schema: { params, body: MapperProfileUpdate } },
      async (request) =>
        services.terminalProfiles.update(requireUser(request), request.params.id, request.body),
    );
  }
}
