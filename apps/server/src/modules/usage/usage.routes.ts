import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';

const UsageQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

export async function usageRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/usage/', { ...signedIn, schema: { querystring: UsageQuery } }, async (request) =>
    services.usage.summary(requireUser(request), request.query.days),
  );
}
