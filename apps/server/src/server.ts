import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDb } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { checkSecretFingerprint } from './db/secret-fingerprint.js';
import { ConfigError } from './env.js';
import { serverLogger } from './logger.js';
import { seedExamples } from './seed/seed-examples.js';

/** Starts the server: migrate, seed the examples once, listen, and close cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgPoolSize: config.pgPoolSize,
  });
  await migrateToLatest(db);
  await checkSecretFingerprint(db, config.secretKey);
  await seedExamples(db);
  const app = await buildApp({
    config,
    db,
    logger: serverLogger(config),
  });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // Not ready from now on, so a load balancer sends nothing new.
    app.health.draining = true;
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
