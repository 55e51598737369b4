import { pathOf, routes } from '@caravanserai/api';
import { createTestDb, type TestDb } from '@caravanserai/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import {
  flushRedisPrefix,
  REDIS_UNREACHABLE,
  redisReachable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from './redis-helpers.js';

const redisUp = await redisReachable();
if (!redisUp) console.warn(REDIS_UNREACHABLE);

/**
 * Where the processes count: PostgreSQL's table (SQLite: each process alone), or Redis with
 * REDIS_URL, on either database.
 */
const variants = [
  { store: 'the database', redis: false, skip: false },
  { store: redisUp ? 'Redis' : `Redis (skipped: ${REDIS_UNREACHABLE})`, redis: true, skip: !redisUp },
];

const login = (origin: string) =>
  fetch(`${origin}${pathOf(routes.auth.login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
  }).then((res) => res.status);

describe.each(variants)('the login limit, counted in $store', ({ redis, skip }) => {
  let testDb: TestDb;
  const apps: App[] = [];
  const origins: string[] = [];
  const redisPrefix = testRedisPrefix();

  /** Two server processes' apps on one database, as two replicas behind a load balancer. */
  beforeAll(async () => {
    if (skip) return;
    testDb = await createTestDb();
    for (let i = 0; i < 2; i++) {
      const config: Config = {
        ...loadConfig({
          DATA_DIR: testDb.dataDir,
          SECRET_KEY: 'test-secret-key-0123456789abcdef',
          ...(redis && { REDIS_URL: TEST_REDIS_URL }),
        }),
        authRateLimit: 20,
        redisPrefix,
      };
      const app = await buildApp({ config, db: testDb.db });
      origins.push(`${await app.listen({ port: 0, host: '127.0.0.1' })}${config.apiPrefix}`);
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb?.drop();
    if (redis && !skip) await flushRedisPrefix(redisPrefix);
  });

  it.skipIf(skip)(
    'refuses the 21st attempt in a minute by every process together where they share a store',
    async () => {
      // SQLite without Redis is one process: each app counts alone.
      const shared = redis || testDb.db.dialect === 'postgres';
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push(await login(origins[i % 2]!));
      expect(statuses).toEqual(Array(20).fill(400));
      // Whichever process is asked next, the client is over the limit (alone, each has seen 11).
      expect(await login(origins[0]!)).toBe(shared ? 429 : 400);
      expect(await login(origins[1]!)).toBe(shared ? 429 : 400);
    },
  );
});
