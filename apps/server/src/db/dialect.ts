import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Runs reads that must see one consistent state (a logbook row and its entries). */
  snapshot<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres:// URL; null means SQLite. */
  databaseUrl: string | null;
  /** SQLite file, or ':memory:'. */
  sqliteFile?: string;
  dataDir?: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  pgSchema?: string;
  pgPoolSize?: number;
}

// int8 (bigint) columns hold epoch milliseconds, far inside the safe integer range.
pg.types.setTypeParser(20, (value) => Number(value));

export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema, options.pgPoolSize);
  const file = options.sqliteFile ?? join(options.dataDir ?? 'data', 'caravanserai.sqlite3');
  if (file !== ':memory:' && options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return openSqlite(file);
}

function openSqlite(file: string): Db {
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the writer; FULL sync means an acknowledged write survives a crash.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  // One connection: a transaction holds it, so no write lands between the reads.
  const snapshot = <T>(fn: (trx: Kysely<Database>) => Promise<T>) => kysely.transaction().execute(fn);
  return { kysely, dialect: 'sqlite', snapshot, close: () => kysely.destroy() };
}

function openPostgres(url: string, schema: string | undefined, max = 10): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const snapshot = <T>(fn: (trx: Kysely<Database>) => Promise<T>) =>
    kysely.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
  return { kysely, dialect: 'postgres', snapshot, close: () => kysely.destroy() };
}
