import { Redis } from 'ioredis';
import type { Listening } from '../db/pg-listener.js';
import { ConfigError, withoutPassword } from '../env.js';

/** How long a reconnection waits at most between attempts once the server runs. */
const MAX_RETRY_MS = 2000;

/**
 * The server's connections to Redis (REDIS_URL, DESIGN 9): one for commands (the rate limits'
 * counters, publishing), one of its own for subscriptions, since a subscribed connection takes no
 * other command. Every key and channel starts with `prefix`.
 */
export interface RedisConnection {
  /** For commands; the rate limits' store counts through it. */
  client: Redis;
  prefix: string;
  /** Hears `prefix + channel` on the subscriber connection until closed. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<Listening>;
  /** Sends `message` to every process subscribed to `prefix + channel`. */
  publish(channel: string, message: string): Promise<void>;
  /** Quits both connections. */
  close(): Promise<void>;
}

/**
 * Connects to Redis, both connections, before the server starts: an unreachable REDIS_URL stops
 * the start with an error naming the setting (a server that cannot share its limits and Stops
 * must not serve). Once connected, a dropped connection is opened again (subscriptions too); what
 * was published meanwhile is lost, so a subscriber must not count on every message.
 */
export async function connectRedis(url: string, prefix: string): Promise<RedisConnection> {
  const client = await open(url);
  let subscriber: Redis;
  try {
    subscriber = await open(url);
  } catch (error) {
    client.disconnect();
    throw error;
  }
  const heard = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const onMessage of heard.get(channel) ?? []) onMessage(message);
  });

  return {
    client,
    prefix,
    async subscribe(channel, onMessage) {
      const name = prefix + channel;
      const handlers = heard.get(name) ?? new Set();
      heard.set(name, handlers);
      handlers.add(onMessage);
      if (handlers.size === 1) {
        try {
          await subscriber.subscribe(name);
        } catch (error) {
          // Not heard, so not kept: the next subscriber to the channel asks Redis again.
          handlers.delete(onMessage);
          if (heard.get(name)?.size === 0) heard.delete(name);
          throw error;
        }
      }
      return {
        close: async () => {
          handlers.delete(onMessage);
          if (handlers.size > 0 || heard.get(name) !== handlers) return;
          heard.delete(name);
          // Closing after the connections have quit is harmless.
          if (subscriber.status === 'ready') await subscriber.unsubscribe(name).catch(() => undefined);
        },
      };
    },
    async publish(channel, message) {
      await client.publish(prefix + channel, message);
    },
    async close() {
      await Promise.all([quit(subscriber), quit(client)]);
    },
  };
}

async function open(url: string): Promise<Redis> {
  let connected = false;
  let lastError: Error | undefined;
  const redis = new Redis(url, {
    lazyConnect: true,
    // No retries at the start (it fails instead); afterwards, retries for as long as it takes.
    retryStrategy: (attempt) => (connected ? Math.min(attempt * 100, MAX_RETRY_MS) : null),
    // While Redis is away, a request needing it fails within a few hundred milliseconds instead
    // of waiting through every reconnection.
    maxRetriesPerRequest: 2,
  });
  // Without a listener, ioredis prints every failed reconnection; `connect` reports the first.
  redis.on('error', (error: Error) => {
    lastError = error;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const reason = lastError?.message ?? (error instanceof Error ? error.message : String(error));
    const shown = withoutPassword(url) ?? '(REDIS_URL)';
    throw new ConfigError(`REDIS_URL: cannot connect to Redis at ${shown}: ${reason}`);
  }
  connected = true;
  return redis;
}

async function quit(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  await redis.quit().catch(() => redis.disconnect());
}
