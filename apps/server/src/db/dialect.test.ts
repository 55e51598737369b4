import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from './dialect.js';
import { migrateToLatest } from './migrate.js';
import { isUniqueViolation } from './unique-violation.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

/** A migrated SQLite store in a folder of its own, removed after the test. */
async function migratedDb() {
  const dataDir = mkdtempSync(join(tmpdir(), 'caravanserai-writer-'));
  made.push(dataDir);
  const db = openDb({ databaseUrl: null, dataDir });
  await migrateToLatest(db);
  return db;
}

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

  it('runs bulk writes on a thread of their own: the request thread keeps turning during a long one', async () => {
    const db = await migratedDb();
    try {
      let turns = 0;
      let turning = true;
      const turn = () => {
        turns++;
        if (turning) setImmediate(turn);
      };
      // Inside a transaction every statement goes to the writer; this one counts for a while.
      const counted = await db.bulk.transaction().execute(async (trx) => {
        setImmediate(turn);
        const before = turns;
        const { rows } = await sql<{ n: number }>`
          with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000)
          select count(*) as n from c`.execute(trx);
        return { n: rows[0]?.n, turnsDuring: turns - before };
      });
      turning = false;
      expect(counted.n).toBe(3_000_000);
      expect(counted.turnsDuring).toBeGreaterThan(1);
    } finally {
      await db.close();
    }
  });

  it('reports a constraint the writer thread refuses as the driver names it, and goes on writing', async () => {
    const db = await migratedDb();
    const row = { name: 'k', created_at: 1 };
    try {
      await sql`create table pairs (name text primary key, created_at integer)`.execute(db.kysely);
      await sql`insert into pairs values (${row.name}, ${row.created_at})`.execute(db.kysely);
      const failure = await sql`insert into pairs values (${row.name}, 2)`.execute(db.bulk).catch((e) => e);
      expect(failure).toBeInstanceOf(Error);
      expect(isUniqueViolation(failure)).toBe(true);
      await sql`insert into pairs values ('other', 3)`.execute(db.bulk);
      const { rows } = await sql<{ n: number }>`select count(*) as n from pairs`.execute(db.kysely);
      expect(rows[0]?.n).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('lets one write at a time through, of the two writers: a small write waits for a bulk one', async () => {
    const db = await migratedDb();
    const order: string[] = [];
    try {
      await sql`create table steps (name text)`.execute(db.kysely);
      let release = () => {};
      const holding = new Promise<void>((resolve) => {
        release = resolve;
      });
      let begun = () => {};
      const writing = new Promise<void>((resolve) => {
        begun = resolve;
      });
      const bulk = db.bulk.transaction().execute(async (trx) => {
        await sql`insert into steps values ('bulk')`.execute(trx);
        begun();
        await holding;
        order.push('bulk committed');
      });
      await writing;
      const small = sql`insert into steps values ('small')`
        .execute(db.kysely)
        .then(() => order.push('small'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(order).toEqual([]);
      release();
      await Promise.all([bulk, small]);
      expect(order).toEqual(['bulk committed', 'small']);
      const { rows } = await sql<{ name: string }>`select name from steps order by rowid`.execute(db.kysely);
      expect(rows.map((r) => r.name)).toEqual(['bulk', 'small']);
    } finally {
      await db.close();
    }
  });
});
