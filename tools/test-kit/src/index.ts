// The test kit for suites that run the real server: the server on a fresh database with its users
// (`useServer`), server processes behind a real proxy (`useCluster`), data factories, and the fake
// Stripe's settings. The Chromium launcher is `@caravanserai/test-kit/browser`; the factories and
// the cluster alone, with no test runner, `…/factories` and `…/cluster`.
export type { Config } from '@caravanserai/server';
export { type Db, openDb } from '@caravanserai/server';
export * from './cluster/index.js';
export { type UseClusterOptions, type UsedCluster, useCluster } from './cluster/use-cluster.js';
export * from './factories.js';
export * from './files.js';
export * from './server.js';
export { stripeSettingsFor } from './stripe.js';
export { createTestDb, insertUserRow, TEST_POSTGRES_URL, type TestDb } from './test-db.js';
