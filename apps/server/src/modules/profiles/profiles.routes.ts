import { UsernameInPath } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.js';

export async function profileRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/u/:username/', { schema: { params: z.object({ username: UsernameInPath }) } }, (request) =>
    services.profiles.get(request.user, request.params.username),
  );
}
