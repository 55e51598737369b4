import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';

export async function mapperProfileRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.mapperProfiles;

  addRoute(app, route.list, signedIn, async (request) => services.mapperProfiles.list(requireUser(request)));

  addRoute(app, route.create, signedIn, async (request, reply) => {
    const { profile, created } = await services.mapperProfiles.createDefault(
      requireUser(request),
      request.body.owner,
    );
    return reply.status(created ? 201 : 200).send(profile);
  });

  for (const update of [route.update, route.patch]) {
    addRoute(app, update, signedIn, async (request) =>
      services.mapperProfiles.update(requireUser(request), request.params.id, request.body),
    );
  }
}
