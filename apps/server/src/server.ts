import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDb } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { seedExamples } from './seed/seed-examples.js';

/** Starts the server: migrate, seed the examples once, listen, and close cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  await seedExamples(db);
  const app = await buildApp({
    config,
    db,
    logger: { level: process.env.LOG_LEVEL ?? 'info', redact: ['req.headers.authorization'] },
  });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const store = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  app.log.info(
    `Caravanserai on http://${config.host}:${config.port} (API under ${config.apiPrefix}, ${store})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
