import { Id, MapperProfileCreate, MapperProfileUpdate } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser, signedIn } from '../../plugins/auth.js';

export async function mapperProfileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/mapper/mapper-profile/', signedIn, async (request) =>
    ctx.mapperProfiles.list(requireUser(request)),
  );

  r.post(
    '/mapper/mapper-profile/',
    { ...signedIn, schema: { body: MapperProfileCreate } },
    async (request, reply) => {
      const { profile, created } = await ctx.mapperProfiles.createDefault(
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
      async (request) => ctx.mapperProfiles.update(requireUser(request), request.params.id, request.body),
    );
  }
}
