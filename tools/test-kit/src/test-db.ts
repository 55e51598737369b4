import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, migrateToLatest, openDb } from '@caravanserai/server';
import pg from 'pg';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDb {
  db: Db;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a temporary SQLite file, or on PostgreSQL a
 * schema of its own in the `test` database, so files run in parallel without seeing each other.
 * `migrate` can stop short of the latest schema, to test a migration against older data.
 */
export async function createTestDb(
  kind = process.env.TEST_DB ?? 'sqlite',
  migrate: (db: Db) => Promise<void> = migrateToLatest,
): Promise<TestDb> {
  const dataDir = mkdtempSync(join(tmpdir(), 'caravanserai-test-'));
  const schema = kind === 'postgres' ? `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : null;
  if (schema) await adminQuery(`create schema ${schema}`);
  const db = schema
    ? openDb({ databaseUrl: TEST_POSTGRES_URL, pgSchema: schema, pgPoolSize: 20 })
    : openDb({ databaseUrl: null, dataDir });
  await migrate(db);
  return {
    db,
    dataDir,
    drop: async () => {
      await db.close();
      if (schema) await adminQuery(`drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One statement on the test server's own database (e.g. CREATE/DROP DATABASE or SCHEMA), on a
 * connection of its own outside any pool.
 */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A bare user row written straight to the database (no password that works), for migration tests
 * that need an owner in a schema older than the API's. Returns its id.
 */
export async function insertUserRow(db: Db, username: string, createdAt: number): Promise<number> {
  const { id } = await db.kysely
    .insertInto('users')
    .values({
      username,
      username_key: username.toLowerCase(),
      email: '',
      password_hash: '!',
      role: 'Pilgrim',
      location: '',
      is_system: 0,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
