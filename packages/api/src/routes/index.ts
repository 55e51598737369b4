import { authRoutes, profileRoutes } from './auth.js';
import { caravanRoutes } from './caravans.js';
import { configRoutes } from './config.js';
import { backupRoutes, importRoutes, searchRoutes } from './imports.js';
import { journalRoutes } from './journals.js';
import { entryRoutes, logbookRoutes } from './logbooks.js';
import { downloadRoutes, mapperProfileRoutes } from './mapper.js';
import { paymentRoutes, paymentWebhookRoutes } from './payments.js';
import { queryRoutes, usageRoutes } from './queries.js';
import { wellRoutes } from './wells.js';

/**
 * Every endpoint of the API, by area: the one place a path is written. The server registers each
 * from here and the client's calls are built from the same entries.
 */
export const routes = {
  config: configRoutes,
  auth: authRoutes,
  profiles: profileRoutes,
  journals: journalRoutes,
  logbooks: logbookRoutes,
  entries: entryRoutes,
  wells: wellRoutes,
  queries: queryRoutes,
  usage: usageRoutes,
  mapperProfiles: mapperProfileRoutes,
  download: downloadRoutes,
  payments: paymentRoutes,
  paymentWebhooks: paymentWebhookRoutes,
  caravans: caravanRoutes,
  search: searchRoutes,
  imports: importRoutes,
  backup: backupRoutes,
} as const;

export type Routes = typeof routes;
