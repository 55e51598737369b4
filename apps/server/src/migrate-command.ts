import { loadConfig } from './config.js';
import { openDb } from './db/dialect.js';
import { migrateToLatest, pendingMigrations } from './db/migrate.js';
import { checkReachable } from './db/reachable.js';
import { checkSecretFingerprint } from './db/secret-fingerprint.js';
import { ConfigError } from './env.js';

/**
 * `npm run migrate`: brings the database to this release's schema and exits, for deployments
 * that migrate in a step of their own before starting the new replicas (MIGRATE_ON_START=false).
 * Several at once migrate once: the migrations take a lock.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgPoolSize: 2 });
  try {
    await checkReachable(db, config.databaseUrl);
    const pending = await pendingMigrations(db);
    await migrateToLatest(db);
    await checkSecretFingerprint(db, config.secretKey);
    console.log(
      pending === 0
        ? 'The database is at this release: nothing to migrate.'
        : `Migrated the database: ${pending} migration${pending === 1 ? '' : 's'} run.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
