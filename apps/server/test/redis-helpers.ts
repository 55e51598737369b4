import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests use: it runs beside PostgreSQL here and in CI. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers; a test that needs it skips itself when it does not, saying why. */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, retryStrategy: () => null, connectTimeout: 2000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Printed (and in the skipped suite's name) when Redis is not there. */
export const REDIS_UNREACHABLE = `Redis at ${TEST_REDIS_URL} does not answer: the Redis variants are skipped`;

/**
 * A key and channel prefix of one test's own, so runs in parallel never count or hear each other's,
 * and `flush` deletes only its keys.
 */
export function testRedisPrefix(): string {
  return `caravanserai-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
}

/** Deletes every key under `prefix`. */
export async function flushRedisPrefix(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** Everything published on `channel` (after its prefix), heard on a connection of the test's own. */
export async function hearRedis(channel: string, url = TEST_REDIS_URL) {
  const redis = new Redis(url);
  const heard: string[] = [];
  redis.on('message', (name: string, message: string) => {
    if (name === channel) heard.push(message);
  });
  await redis.subscribe(channel);
  return { heard, close: () => redis.quit().then(() => undefined) };
}

/** Publishes `message` on `channel`, as another server process would. */
export async function publishRedis(channel: string, message: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url);
  try {
    await redis.publish(channel, message);
  } finally {
    await redis.quit();
  }
}
