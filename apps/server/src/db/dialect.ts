import { EventEmitter } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { createDataDir } from '../lib/data-dir.js';
import type { Database, Executor } from './database.js';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';
import { type Listening, listenOn } from './pg-listener.js';
import { openReaderConnection, openWriterConnection } from './sqlite-connection.js';
import { InlineWriter, Mutex, SplitSqliteDialect } from './sqlite-driver.js';
import { SqliteWriterThread } from './sqlite-writer-thread.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  /**
   * For writes whose size is the caller's to choose (replacing a whole log, forking or deleting a
   * logbook): on SQLite they run on a writer thread of their own, so that a write of hundreds of
   * thousands of rows, and its commit, never hold the request thread; on PostgreSQL, `kysely`.
   */
  bulk: Kysely<Database>;
  dialect: DialectName;
  /** Runs reads that must see one consistent state (a logbook row and its entries). */
  snapshot<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for each notification on `channel` until closed. PostgreSQL: LISTENs through
   * a connection of its own, hearing every process. SQLite (one process): hears this process.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Listening>;
  /**
   * Tells every listener of `channel`, once the write `db` belongs to has committed (nothing is
   * told of a PostgreSQL transaction rolled back). PostgreSQL: NOTIFY, heard by every process.
   * SQLite: this process's listeners, told once the transaction holding the writer has ended.
   */
  notify(channel: string, payload: string, db?: Executor): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres:// URL; null means SQLite. */
  databaseUrl: string | null;
  /** The SQLite file; by default caravanserai.sqlite3 in dataDir. */
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
  const dataDir = options.dataDir ?? 'data';
  createDataDir(dataDir);
  const file = options.sqliteFile ?? join(dataDir, 'caravanserai.sqlite3');
  // SQLite gives its -wal and -shm files the database file's mode, so creating it 0600 covers all three.
  closeSync(openSync(file, 'a', 0o600));
  return openSqlite(file);
}

function openSqlite(file: string): Db {
  // The file has two writer connections, one write at a time between them: one on this thread
  // for the many small writes, one on a thread of its own for the bulk writes.
  const writing = new Mutex();
  const writer = new InlineWriter(openWriterConnection(file));
  // Both read through one connection: bulk callers write, and closing it twice is harmless.
  const reader = openReaderConnection(file);
  const kysely = new Kysely<Database>({ dialect: new SplitSqliteDialect(writer, reader, writing) });
  const bulk = new Kysely<Database>({
    dialect: new SplitSqliteDialect(new SqliteWriterThread(file), reader, writing),
  });
  // Reads that must see one state (a logbook row and its entries) get a connection of their own,
  // so they neither wait for a long write nor see another request's reads mid-way.
  const snapshots = new Kysely<Database>({
    dialect: new SqliteDialect({ database: openReaderConnection(file) }),
  });
  const snapshot = <T>(fn: (trx: Kysely<Database>) => Promise<T>) => snapshots.transaction().execute(fn);
  const close = async () => {
    await snapshots.destroy();
    await bulk.destroy();
    await kysely.destroy();
  };
  const local = new EventEmitter().setMaxListeners(0);
  const listen = async (channel: string, onPayload: (payload: string) => void) => {
    local.on(channel, onPayload);
    return { close: async () => void local.off(channel, onPayload) };
  };
  // A transaction holds the writer until it ends, and the lock is handed on in order: once this
  // process may take it, the write that told has committed (or rolled back: a listener reads again
  // and finds nothing new).
  // Nothing waits for the telling: a listener's failure, or a lock refused once the database is
  // closing, must not become a rejection nobody handles.
  const notify = async (channel: string, payload: string) => {
    void writing
      .lock()
      .then(() => {
        writing.unlock();
        local.emit(channel, payload);
      })
      .catch(() => undefined);
  };
  return { kysely, bulk, dialect: 'sqlite', snapshot, listen, notify, close };
}

function openPostgres(url: string, schema: string | undefined, max = 10): Db {
  const connection = { connectionString: url, ...(schema ? { options: `-c search_path=${schema}` } : {}) };
  const pool = new pg.Pool({ ...connection, max });
  const kysely = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  const snapshot = <T>(fn: (trx: Kysely<Database>) => Promise<T>) =>
    kysely.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
  const listen = (channel: string, onPayload: (payload: string) => void) =>
    listenOn(connection, channel, onPayload);
  // NOTIFY inside a transaction is sent when it commits, and not at all if it rolls back.
  const notify = async (channel: string, payload: string, db: Executor = kysely) => {
    await sql`select pg_notify(${channel}, ${payload})`.execute(db);
  };
  return {
    kysely,
    bulk: kysely,
    dialect: 'postgres',
    snapshot,
    listen,
    notify,
    close: () => kysely.destroy(),
  };
}
