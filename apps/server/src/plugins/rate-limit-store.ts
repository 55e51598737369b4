import { createHash } from 'node:crypto';
import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/dialect.js';
import type { RedisConnection } from '../lib/redis.js';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** Expired counters are swept after this many counts (by this process), so the table stays small. */
const SWEEP_EVERY = 1000;
const MAX_KEY = 255;

/**
 * @fastify/rate-limit's counters kept in the database, so every server process counts together
 * (DESIGN 9): each count is one atomic upsert that starts a new window once the old one ended.
 * Each limited route has its own keys (`child`), as with the plugin's own stores.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let counted = 0;

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: Done, timeWindow: number): void {
      this.count(this.keyOf(key), timeWindow).then(
        (result) => done(null, result),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, done: Done): void {
      const now = Date.now();
      db.kysely
        .selectFrom('rate_limits')
        .select(['count', 'reset_at'])
        .where('key', '=', this.keyOf(key))
        .executeTakeFirst()
        .then(
          (row) =>
            done(
              null,
              !row || row.reset_at <= now
                ? { current: 0, ttl: 0 }
                : { current: row.count, ttl: row.reset_at - now },
            ),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(route: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route as it was declared (what its Redis store names keys by).
      const info = (route as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const name = `${info?.method ?? String(route.method)}${info?.url ?? route.url}`;
      return new DatabaseStore(undefined, `${this.prefix}${name}-`);
    }

    private keyOf(key: string): string {
      const full = this.prefix + key;
      return full.length <= MAX_KEY ? full : `sha256:${createHash('sha256').update(full).digest('hex')}`;
    }

    private async count(key: string, timeWindow: number): Promise<Counted> {
      const now = Date.now();
      const { rows } = await sql<{ count: number; reset_at: number }>`
        insert into rate_limits (key, count, reset_at) values (${key}, 1, ${now + timeWindow})
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= ${now} then ${now + timeWindow} else rate_limits.reset_at end
        returning count, reset_at`.execute(db.kysely);
      if (++counted % SWEEP_EVERY === 0) void this.sweep(now);
      const row = rows[0]!;
      return { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at) - now) };
    }

    private async sweep(now: number): Promise<void> {
      await db.kysely
        .deleteFrom('rate_limits')
        .where('reset_at', '<', now)
        .execute()
        .catch(() => undefined);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Where @fastify/rate-limit counts, so every server process counts together (DESIGN 9): in Redis
 * with REDIS_URL (the plugin's own Redis store, keys under the server's prefix), else in
 * PostgreSQL's table; SQLite's one process counts in its memory.
 */
export function sharedRateLimitStore(
  db: Db,
  redis: RedisConnection | null,
): Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'> {
  if (redis) return { redis: redis.client, nameSpace: `${redis.prefix}rate-limit:` };
  if (db.dialect === 'postgres') return { store: databaseRateLimitStore(db) };
  return {};
}
