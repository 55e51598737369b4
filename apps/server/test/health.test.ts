import { createTestDb, type Db, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest, pendingMigrations } from '../src/db/migrate.js';
import { checkSecretFingerprint } from '../src/db/secret-fingerprint.js';

const t = useServer();

/** A request outside the API prefix, as a load balancer sends it. */
async function probe(path: string) {
  const res = await fetch(`${t.server.origin}${path}`);
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('health', () => {
  it('answers /livez while the process runs and /readyz while it can serve', async () => {
    expect(await probe('/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('is not ready once the process starts shutting down, and still alive', async () => {
    t.server.app.health.draining = true;
    try {
      expect(await probe('/readyz')).toEqual({
        status: 503,
        body: { status: 'unavailable', reason: 'The server is shutting down.' },
      });
      expect((await probe('/livez')).status).toBe(200);
    } finally {
      t.server.app.health.draining = false;
    }
  });

  it('counts the migrations a database is behind this release', async () => {
    const older = await createTestDb(undefined, (fresh) => migrateTo(fresh, '0012-files'));
    try {
      const behind = await pendingMigrations(older.db);
      expect(behind).toBeGreaterThan(0);
      await migrateTo(older.db, '0013-asking-well');
      expect(await pendingMigrations(older.db)).toBe(behind - 1);
      await migrateToLatest(older.db);
      expect(await pendingMigrations(older.db)).toBe(0);
    } finally {
      await older.drop();
    }
  });
});

describe('a database one release newer than this process', () => {
  const migrated = async (fresh: { db: Db }, name: string) => {
    await migrateToLatest(fresh.db);
    await fresh.db.kysely
      .insertInto('kysely_migration' as never)
      .values({ name, timestamp: new Date().toISOString() } as never)
      .execute();
  };

  it('is served: its newer migrations are taken as had, and nothing is run or pending', async () => {
    const fresh = await createTestDb();
    try {
      await migrated(fresh, '9999-from-the-next-release');
      await migrateToLatest(fresh.db);
      expect(await pendingMigrations(fresh.db)).toBe(0);
    } finally {
      await fresh.drop();
    }
  });

  it('is still refused when an unknown migration sorts among this release’s own', async () => {
    const fresh = await createTestDb();
    try {
      await migrated(fresh, '0012a-not-from-any-release');
      await expect(migrateToLatest(fresh.db)).rejects.toThrow('corrupted migrations');
    } finally {
      await fresh.drop();
    }
  });
});

describe("the secret key's fingerprint", () => {
  it('is kept by the first process, and a process with another key refuses to start', async () => {
    const fresh = await createTestDb();
    try {
      await checkSecretFingerprint(fresh.db, 'the-shared-secret-0123456789');
      // Another replica with the same key, or the same one restarted.
      await checkSecretFingerprint(fresh.db, 'the-shared-secret-0123456789');
      await expect(checkSecretFingerprint(fresh.db, 'another-secret-0123456789')).rejects.toThrow(
        'SECRET_KEY is not the key this database was set up with: every server process on one database must be given the same SECRET_KEY',
      );
      const stored = await fresh.db.kysely.selectFrom('instance').select(['name', 'value']).execute();
      // The key itself is nowhere in the database.
      expect(JSON.stringify(stored)).not.toContain('the-shared-secret');
    } finally {
      await fresh.drop();
    }
  });
});
