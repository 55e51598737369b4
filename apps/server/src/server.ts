import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { type Db, openDb } from './db/dialect.js';
import { migrateToLatest, pendingMigrations } from './db/migrate.js';
import { checkReachable } from './db/reachable.js';
import { checkSecretFingerprint } from './db/secret-fingerprint.js';
import { ConfigError } from './env.js';
import { serverLogger } from './logger.js';
import { seedExamples } from './seed/seed-examples.js';

/** /readyz's reason once the database is at this release, until the key is checked against it. */
const KEY_UNCHECKED = 'The secret key has not been checked against the database yet.';
/** How often a process started on a database behind this release looks whether it was migrated. */
const MIGRATED_POLL_MS = 2_000;

/** Resolves true once the database is at this release, or false when the process stops first. */
async function whenMigrated(db: Db, stopping: () => boolean): Promise<boolean> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, MIGRATED_POLL_MS).unref());
    if (stopping()) return false;
    // A database that does not answer for a moment is asked again.
    if ((await pendingMigrations(db).catch(() => -1)) === 0) return true;
  }
}

/**
 * Starts the server: migrate (unless MIGRATE_ON_START=false leaves it to `npm run migrate`), check
 * the secret key against the database, seed the examples once, listen, and shut down gracefully
 * on a signal.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgPoolSize: config.pgPoolSize,
  });
  await checkReachable(db, config.databaseUrl);
  if (config.migrateOnStart) await migrateToLatest(db);
  const behind = await pendingMigrations(db);
  // What needs the database at this release: checking the key against it, seeding the examples.
  const atHead = async () => {
    await checkSecretFingerprint(db, config.secretKey);
    await seedExamples(db);
  };
  if (behind === 0) await atHead();
  const app = await buildApp({
    config,
    db,
    logger: serverLogger(config),
  });
  let stopping = false;
  // A database behind this release is migrated by its own step: until then, and until the key is
  // checked against it, the process is not ready (/readyz says why). A key that differs stops it
  // then, as it would have at start.
  if (behind > 0) {
    app.log.warn(
      `The database is ${behind} migration${behind === 1 ? '' : 's'} behind this release: run npm run migrate.`,
    );
    app.health.awaiting = KEY_UNCHECKED;
    void whenMigrated(db, () => stopping)
      .then(async (migrated) => {
        if (!migrated) return;
        await atHead();
        app.health.awaiting = null;
        app.log.info('The database is at this release: the secret key matches it.');
      })
      .catch((error: unknown) => {
        console.error(error instanceof ConfigError ? error.message : error);
        process.exit(1);
      });
  }
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: not ready from now on, still serving for the grace period');
    // Not ready, so a load balancer sends nothing new; what it already sent is still answered.
    app.health.draining = true;
    await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
    const deadline = setTimeout(() => {
      app.log.warn('shutting down: requests still running at the deadline are cut off');
      process.exit(0);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    // Stops listening and waits for the requests and answer streams still running.
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const store = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  // Listening on every address, the one to open on this machine is the loopback one.
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const { port } = app.server.address() as AddressInfo;
  const where = `http://${wildcard ? '127.0.0.1' : config.host}:${port}${wildcard ? " (and on this machine's network addresses)" : ''}`;
  app.log.info(`Caravanserai is running at ${where}: API under ${config.apiPrefix}, ${store}.`);
}

main().catch((error: unknown) => {
  // A setting that cannot be used is the operator's to fix: say which, without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
