import { PublicConfig } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services.js';
import { publicConfig } from './public-config.js';

export async function configRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const body = publicConfig(services.config);
  r.get('/config/', { schema: { response: { 200: PublicConfig } } }, async () => body);
}
