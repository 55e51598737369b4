import { PublicConfig } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { publicConfig } from './public-config.js';

export async function configRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const body = publicConfig(ctx.config);
  r.get('/config/', { schema: { response: { 200: PublicConfig } } }, async () => body);
}
