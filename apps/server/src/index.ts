// The server as other workspaces host it (the test kit above all): build the app, configure it,
// open, migrate and seed its database.
export { type App, type BuildOptions, buildApp } from './app.js';
export { type Config, loadConfig } from './config.js';
export { type Db, openDb } from './db/dialect.js';
export { migrateTo, migrateToLatest } from './db/migrate.js';
export { UNDECLARED_ERROR } from './plugins/route-table.js';
export { seedExamples } from './seed/seed-examples.js';
export { parseApiBase, type StripeSettings } from './stripe-settings.js';
