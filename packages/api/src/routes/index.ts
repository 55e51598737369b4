import { adminRoutes } from './admin.js';
import { apiKeyRoutes } from './api-keys.js';
import { authRoutes } from './auth.js';
import { backupRoutes } from './backup.js';
import { bazaarRoutes } from './bazaar.js';
import { caravanRoutes } from './caravans.js';
import { configRoutes } from './config.js';
import { downloadRoutes } from './download.js';
import { entryRoutes } from './entries.js';
import { fileRoutes } from './files.js';
import { importRoutes } from './imports.js';
import { journalRoutes } from './journals.js';
import { logbookRoutes } from './logbooks.js';
import { mapperProfileRoutes } from './mapper-profiles.js';
import { paymentRoutes, paymentWebhookRoutes } from './payments.js';
import { profileRoutes } from './profiles.js';
import { queryRoutes } from './queries.js';
import { searchRoutes } from './search.js';
import { ssoRoutes } from './sso.js';
import { usageRoutes } from './usage.js';
import { wellRentalRoutes } from './well-rental.js';
import { wellRoutes } from './wells.js';

/**
 * Every endpoint of the API, by area: the one place a path is written. The server registers each
 * from here and the client's calls are built from the same entries.
 */
export const routes = {
  config: configRoutes,
  auth: authRoutes,
  sso: ssoRoutes,
  apiKeys: apiKeyRoutes,
  admin: adminRoutes,
  profiles: profileRoutes,
  journals: journalRoutes,
  logbooks: logbookRoutes,
  entries: entryRoutes,
  files: fileRoutes,
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
  bazaar: bazaarRoutes,
  wellRental: wellRentalRoutes,
} as const;

export type Routes = typeof routes;
