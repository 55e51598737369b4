import { SearchQuery } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';

export async function searchRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/search/', { ...signedIn, schema: { querystring: SearchQuery } }, async (request) =>
    services.search.search(requireUser(request), request.query),
  );
}
