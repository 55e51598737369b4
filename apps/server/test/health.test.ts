import { createTestDb, useServer } from '@caravanserai/test-kit';
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
      expect(await pendingMigrations(older.db)).toBe(4);
      await migrateToLatest(older.db);
      expect(await pendingMigrations(older.db)).toBe(0);
    } finally {
      await older.drop();
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
