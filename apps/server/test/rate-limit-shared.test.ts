import { pathOf, routes } from '@caravanserai/api';
import { createTestDb, type TestDb } from '@caravanserai/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

let testDb: TestDb;
const apps: App[] = [];
const origins: string[] = [];

/** Two server processes' apps on one database, as two replicas behind a load balancer. */
beforeAll(async () => {
  testDb = await createTestDb();
  for (let i = 0; i < 2; i++) {
    const config = {
      ...loadConfig({ DATA_DIR: testDb.dataDir, SECRET_KEY: 'test-secret-key-0123456789abcdef' }),
      authRateLimit: 3,
    };
    const app = await buildApp({ config, db: testDb.db });
    origins.push(`${await app.listen({ port: 0, host: '127.0.0.1' })}${config.apiPrefix}`);
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb.drop();
});

const login = (origin: string) =>
  fetch(`${origin}${pathOf(routes.auth.login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
  }).then((res) => res.status);

describe('the login limit', () => {
  it('is counted by every server process together on PostgreSQL, by each on SQLite (one process)', async () => {
    const statuses = [
      await login(origins[0]!),
      await login(origins[1]!),
      await login(origins[0]!),
      await login(origins[1]!),
    ];
    if (testDb.db.dialect === 'postgres') expect(statuses).toEqual([400, 400, 400, 429]);
    else expect(statuses).toEqual([400, 400, 400, 400]);
    // Whichever process is asked next, the client is over the limit.
    expect(await login(origins[0]!)).toBe(testDb.db.dialect === 'postgres' ? 429 : 400);
    expect(await login(origins[0]!)).toBe(429);
  });
});
