import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from './dialect.js';
import { migrateToLatest } from './migrate.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe('the SQLite store', () => {
  it('creates its folder and files readable by the server user only', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'caravanserai-modes-'));
    made.push(parent);
    const dataDir = join(parent, 'data');
    const db = openDb({ databaseUrl: null, dataDir });
    await migrateToLatest(db);
    const file = join(dataDir, 'caravanserai.sqlite3');
    try {
      expect(mode(dataDir)).toBe(0o700);
      for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(mode(path), path).toBe(0o600);
    } finally {
      await db.close();
    }
  });

  it('reads beside a transaction that is still writing, and sees the write once committed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'caravanserai-split-'));
    made.push(dataDir);
    const db = openDb({ databaseUrl: null, dataDir });
    await migrateToLatest(db);
    const user = {
      username: 'u',
      username_key: 'u',
      email: '',
      password_hash: '!',
      role: 'Pilgrim',
      location: '',
    };
    try {
      let release = () => {};
      const holding = new Promise<void>((resolve) => {
        release = resolve;
      });
      const writing = db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ ...user, is_system: 0, created_at: 1 })
          .execute();
        await holding;
      });
      // The transaction holds the writer; a plain read does not wait for it, nor see its row yet.
      await new Promise((resolve) => setImmediate(resolve));
      expect(await db.kysely.selectFrom('users').select('username').execute()).toEqual([]);
      release();
      await writing;
      expect(await db.kysely.selectFrom('users').select('username').execute()).toEqual([{ username: 'u' }]);
    } finally {
      await db.close();
    }
  });
});
