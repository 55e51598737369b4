import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, MAX_PARAM_LENGTH } from './config.js';
import type { Db } from './db/dialect.js';
import { connectRedis } from './lib/redis.js';
import { serverTimeouts } from './lib/server-timeouts.js';
import { RequestsAtDebug } from './logger.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { backupRoutes } from './modules/backup/backup.routes.js';
import { bazaarRoutes } from './modules/bazaar/bazaar.routes.js';
import { pageMetaOf } from './modules/bazaar/page-meta.js';
import { caravanRoutes } from './modules/caravans/caravans.routes.js';
import { configRoutes } from './modules/config/config.routes.js';
import { publicConfig } from './modules/config/public-config.js';
import { downloadRoutes } from './modules/download/download.routes.js';
import { fileRoutes } from './modules/files/files.routes.js';
import { gatewayRoutes } from './modules/gateway/gateway.routes.js';
import { importRoutes } from './modules/imports/imports.routes.js';
import { journalRoutes } from './modules/journals/journals.routes.js';
import { apiKeyRoutes } from './modules/keys/api-keys.routes.js';
import { logbookRoutes } from './modules/logbooks/logbooks.routes.js';
import { mapperProfileRoutes } from './modules/mapper-profiles/mapper-profiles.routes.js';
import { paymentRoutes } from './modules/payments/payments.routes.js';
import { profileRoutes } from './modules/profiles/profiles.routes.js';
import { queryRoutes } from './modules/queries/query.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { usageRoutes } from './modules/usage/usage.routes.js';
import { wellRentalRoutes } from './modules/well-rental/rental.routes.js';
import { wellRoutes } from './modules/wells/wells.routes.js';
import { noStoredAnswers } from './plugins/api-caching.js';
import { registerAuth } from './plugins/auth.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandler } from './plugins/errors.js';
import { type HealthState, registerHealth } from './plugins/health.js';
import { registerJsonBody } from './plugins/json-body.js';
import { sharedRateLimitStore } from './plugins/rate-limit-store.js';
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
    /** What /readyz answers by besides the database: shutting down, or a check still to do. */
    health: HealthState;
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
  // With REDIS_URL, limits and Stops are shared through Redis: it must answer before anything is served.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, config.redisPrefix) : null;
  if (redis) app.addHook('onClose', () => redis.close());
  await app.register(rateLimit, {
    global: false,
    // Several server processes count together, in Redis or PostgreSQL (DESIGN 9).
    ...sharedRateLimitStore(db, redis),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Request was throttled. Expected available in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  const services = createServices(config, db, app.log, redis);
  app.decorate('services', services);
  registerJsonBody(app, services.workers);
  app.addHook('onClose', () => services.close());
  // Pages listening live would hold the close up: they are ended first, and reconnect elsewhere.
  app.addHook('preClose', async () => services.logbookSignals.endAll());
  await services.start();
  registerAuth(app, services.tokens, services.apiKeys, services.accountGate);

  await app.register(
    async (api) => {
      onlyContractRoutes(api);
      noStoredAnswers(api);
      await configRoutes(api, services);
      await authRoutes(api, services);
      await ssoRoutes(api, services);
      await apiKeyRoutes(api, services);
      await adminRoutes(api, services);
      await bazaarRoutes(api, services);
      await wellRentalRoutes(api, services);
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
  // The OpenAI-compatible gateway, at /v1 whatever the API prefix (DESIGN 11).
  await gatewayRoutes(app, services);
  app.decorate('health', { draining: false, awaiting: null });
  registerHealth(app, db, app.health);
  await registerStaticWeb(app, config.webRoot, config.apiPrefix, {
    serveSourceMaps: config.serveSourceMaps,
    publicConfig: publicConfig(config),
    pageMeta: pageMetaOf(services.bazaar.listings),
  });

  return app;
}
