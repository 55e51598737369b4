// The test kit for suites that run the real server: the server on a fresh database with its users
// (`useServer`), data factories, and the fake Stripe's settings. The Chromium launcher is
// `@caravanserai/test-kit/browser`; the factories alone, with no test runner, `…/factories`.
export type { Config } from '@caravanserai/server';
export { type Db, openDb } from '@caravanserai/server';
export * from './factories.js';
export * from './files.js';
export * from './server.js';
export { stripeSettingsFor } from './stripe.js';
export { createTestDb, insertUserRow, TEST_POSTGRES_URL, type TestDb } from './test-db.js';
