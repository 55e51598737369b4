import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, MAX_PARAM_LENGTH } from './config.js';
import type { Db } from './db/dialect.js';
import { serverTimeouts } from './lib/server-timeouts.js';
import { RequestsAtDebug } from './logger.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { backupRoutes } from './modules/backup/backup.routes.js';
import { caravanRoutes } from './modules/caravans/caravans.routes.js';
import { configRoutes } from './modules/config/config.routes.js';
import { publicConfig } from './modules/config/public-config.js';
import { downloadRoutes } from './modules/download/download.routes.js';
import { fileRoutes } from './modules/files/files.routes.js';
import { importRoutes } from './modules/imports/imports.routes.js';
import { journalRoutes } from './modules/journals/journals.routes.js';
import { logbookRoutes } from './modules/logbooks/logbooks.routes.js';
import { mapperProfileRoutes } from './modules/mapper-profiles/mapper-profiles.routes.js';
import { paymentRoutes } from './modules/payments/payments.routes.js';
import { profileRoutes } from './modules/profiles/profiles.routes.js';
import { queryRoutes } from './modules/queries/query.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { usageRoutes } from './modules/usage/usage.routes.js';
import { wellRoutes } from './modules/wells/wells.routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandler } from './plugins/errors.js';
import { type Draining, registerHealth } from './plugins/health.js';
import { registerJsonBody } from './plugins/json-body.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { onlyContractRoutes } from './plugins/route-table.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { createServices, type Services } from './services.js';

export interface BuildOptions {
  config: Config;
  /** An open, migrated database. */
  db: Db;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Set when the process starts shutting down: /readyz then answers 503. */
    health: Draining;
  }
}

export type App = FastifyInstance;

/** Builds the whole app without listening, so tests and the server start it the same way. */
export async function buildApp({ config, db, logger = false }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimit,
    ...serverTimeouts(config),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    logController: new RequestsAtDebug(),
    // Behind a load balancer the client's address is in X-Forwarded-For: rate limits need it.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: a text/plain body gets 415 rather than a confusing validation error.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);

  await registerSecurityHeaders(app, { payments: config.paymentsEnabled });
  await registerCompression(app);
  await app.register(rateLimit, {
    global: false,
    // Several server processes share PostgreSQL: they count together there (DESIGN 9).
    ...(db.dialect === 'postgres' && { store: databaseRateLimitStore(db) }),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Request was throttled. Expected available in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  const services = createServices(config, db, app.log);
  app.decorate('services', services);
  registerJsonBody(app, services.workers);
  app.addHook('onClose', () => services.close());
  await services.start();
  registerAuth(app, services.tokens);

  await app.register(
    async (api) => {
      onlyContractRoutes(api);
      await configRoutes(api, services);
      await authRoutes(api, services);
      await profileRoutes(api, services);
      await logbookRoutes(api, services);
      await journalRoutes(api, services);
      await wellRoutes(api, services);
      await queryRoutes(api, services);
      await usageRoutes(api, services);
      await mapperProfileRoutes(api, services);
      await downloadRoutes(api, services);
      await paymentRoutes(api, services);
      await caravanRoutes(api, services);
      await searchRoutes(api, services);
      await importRoutes(api, services);
      await backupRoutes(api, services);
      await fileRoutes(api, services);
    },
    { prefix: config.apiPrefix },
  );
  app.decorate('health', { draining: false });
  registerHealth(app, db, app.health);
  await registerStaticWeb(app, config.webRoot, config.apiPrefix, {
    serveSourceMaps: config.serveSourceMaps,
    publicConfig: publicConfig(config),
  });

  return app;
}
