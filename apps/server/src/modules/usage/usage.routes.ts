import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser, signedIn } from '../../plugins/auth.js';

const UsageQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

export async function usageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/usage/', { ...signedIn, schema: { querystring: UsageQuery } }, async (request) =>
    ctx.usage.summary(requireUser(request), request.query.days),
  );
}
