import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { publicConfig } from './public-config.js';

export async function configRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const body = publicConfig(services.config);
  addRoute(app, routes.config.get, {}, async () => body);
}
