import { join } from 'node:path';
import { type Db, openDb } from '@caravanserai/test-kit';
import pg from 'pg';
import { freePort, startProcess, stopProcess } from './processes.js';
import type { Figure } from './results.js';

/** What a scenario on a fresh database measures: `label` names the database in its figures. */
export type OnDatabase = (label: string, baseUrl: string, db: Db) => Promise<Figure[]>;

/** A server process of its own over `env`'s database, the database opened beside it, then both closed. */
async function withServer(
  serverScript: string,
  env: Record<string, string>,
  run: (baseUrl: string, db: Db) => Promise<Figure[]>,
): Promise<Figure[]> {
  const port = freePort();
  const server = await startProcess(serverScript, { AUTH_RATE_LIMIT: '1000', ...env }, port);
  const db = openDb({ databaseUrl: env.DATABASE_URL ?? null, dataDir: env.DATA_DIR ?? '' });
  try {
    return await run(`http://127.0.0.1:${port}/api`, db);
  } finally {
    await db.close();
    await stopProcess(server);
  }
}

/**
 * Runs `measure` on SQLite, then on PostgreSQL: each a server process of its own over a fresh
 * database (`<name>-sqlite` in workDir; a database `caravanserai_<name>_bench_<pid>`, dropped
 * afterwards), so the other scenarios' data is not in it and none of its data is left.
 */
export async function onSqliteAndPostgres(
  name: string,
  serverScript: string,
  workDir: string,
  measure: OnDatabase,
  postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
): Promise<Figure[]> {
  const figures = await withServer(serverScript, { DATA_DIR: join(workDir, `${name}-sqlite`) }, (url, db) =>
    measure('SQLite', url, db),
  );
  const database = `caravanserai_${name.replaceAll('-', '_')}_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${database}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${database}`;
    const env = {
      DATA_DIR: join(workDir, `${name}-postgres`),
      DATABASE_URL: url.toString(),
      SECRET_KEY: 'bench-secret-key-0123456789',
    };
    figures.push(...(await withServer(serverScript, env, (base, db) => measure('PostgreSQL', base, db))));
  } finally {
    await admin.query(`drop database if exists ${database}`);
    await admin.end();
  }
  return figures;
}
