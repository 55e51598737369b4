import { pathOf, routes } from '@caravanserai/api';
import { createFakeWell, createLogbook, eventually, expectStatus, useCluster } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  flushRedisPrefix,
  hearRedis,
  REDIS_UNREACHABLE,
  redisReachable,
  TEST_REDIS_URL,
} from '../redis-helpers.js';

/**
 * The Redis variant of the cluster (DESIGN 9): with REDIS_URL every replica counts the login limit
 * in Redis and passes a Stop to the others on a Redis channel. A Redis database of these tests'
 * own (9), emptied of the server's keys first, keeps other runs' counts out.
 */
const redisUp = await redisReachable();
if (!redisUp) console.warn(REDIS_UNREACHABLE);
const url = new URL(TEST_REDIS_URL);
url.pathname = '/9';
const REDIS_URL = url.toString();

beforeAll(async () => {
  if (redisUp) await flushRedisPrefix('caravanserai:', REDIS_URL);
});

const c = useCluster({ replicas: 2, users: ['alice'], fake: true, env: { REDIS_URL } });

describe.skipIf(!redisUp)('two replicas sharing Redis', () => {
  it('refuse the 21st login attempt in a minute, whichever replica the attempts reach', async () => {
    const anonymous = c.cluster.client();
    const attempt = (password: string) => anonymous.auth.login({ username: c.alice.username, password });
    const mark = c.cluster.served.length;
    for (let i = 1; i <= 20; i++) await expectStatus(attempt(`wrong-password-${i}`), 400);
    await expectStatus(attempt('wrong-password-21'), 429);
    const replicas = c.cluster.served
      .slice(mark)
      .filter((s) => s.path.startsWith(`/api${pathOf(routes.auth.login)}`))
      .map((s) => s.replica);
    expect(new Set(replicas)).toEqual(new Set(['r1', 'r2']));
  });

  it('stop an answer within a second when the Stop reaches the other replica, told on Redis', async () => {
    const well = await createFakeWell(c.alice.client, c.fake);
    const book = await createLogbook(c.alice.client, { logwell: well.wellid });
    c.fake.enqueue({ kind: 'reply', text: 'one two three four', chunks: 4, chunkDelayMs: 2000 });
    const [first, second] = c.cluster.replicas;
    const heard = await hearRedis('caravanserai:query-stop', REDIS_URL);
    try {
      const answer = first!.client(c.alice.token).queries.stream({
        logid: book.logid,
        prompt: 'Count slowly',
        qid: 'redisstop1',
      });
      answer.catch(() => undefined);
      await eventually(async () => (c.fake.requests.length === 1 ? true : undefined), 15_000);
      const asked = Date.now();
      expect(
        await second!.client(c.alice.token).queries.cancel({ logid: book.logid, qid: 'redisstop1' }),
      ).toEqual({ cancelled: true });
      expect(await expectStatus(answer, 409)).toMatchObject({ code: 'cancelled' });
      expect(Date.now() - asked).toBeLessThan(1000);
      expect(heard.heard).toEqual([`${book.logid}/redisstop1`]);
    } finally {
      await heard.close();
    }
  });
});
