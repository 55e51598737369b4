import type { Db } from '../../db/dialect.js';
import type { Listening } from '../../db/pg-listener.js';
import type { RedisConnection } from '../../lib/redis.js';
import type { ProviderCall, ProviderCalls } from './provider-calls.js';
import type { RunningQueriesRepository, RunningQuery } from './running-queries.repository.js';
import { postgresStopChannel, redisStopChannel, type StopChannel } from './stop-channel.js';

/** How often a running call looks at its row, in case the signal was missed. */
export const STOP_CHECK_MS = 1000;
/** Rows older than the longest call plus this were left by a process that died mid-call. */
const STALE_MARGIN_MS = 60_000;

/**
 * How a Stop is signalled to the other processes, chosen here only: published on Redis with
 * REDIS_URL, else PostgreSQL's NOTIFY. Without rows (SQLite: one process) there is no one to tell.
 */
export function stopChannelOf(
  db: Db,
  running: RunningQueriesRepository | null,
  redis: RedisConnection | null,
): StopChannel | null {
  if (!running) return null;
  if (redis) return redisStopChannel(redis);
  return postgresStopChannel(db);
}

/** A provider call whose end is awaited: it may have a row to remove. */
export interface RunningCall extends Omit<ProviderCall, 'end'> {
  end(): Promise<void>;
}

export interface StopSignalsOptions {
  timeoutMs: number;
  /** Where a failed check or signal is reported. */
  onError?: (error: unknown) => void;
}

/**
 * Stop across server processes (DESIGN 9). The call is aborted by the process running it
 * (ProviderCalls); with PostgreSQL each call also has a row, so a Stop reaching another process
 * marks it and signals every process (the channel: NOTIFY or Redis), and the one running it stops
 * it. A call checks its row once a second too, so a missed signal (a dropped connection) still
 * stops it. On SQLite there is one process: rows and signals are skipped.
 */
export class StopSignals {
  private listening: Listening | null = null;

  constructor(
    private readonly calls: ProviderCalls,
    private readonly running: RunningQueriesRepository | null,
    private readonly channel: StopChannel | null,
    private readonly options: StopSignalsOptions,
  ) {}

  /** Starts hearing Stops from other processes (PostgreSQL). */
  async listen(): Promise<void> {
    if (!this.channel || this.listening) return;
    this.listening = await this.channel.listen((logid, qid) => this.calls.stop(logid, qid));
  }

  async begin(logid: string, qid: string, lane = 0): Promise<RunningCall> {
    const call = this.calls.begin(logid, qid, this.options.timeoutMs, lane);
    const running = this.running;
    if (!running) return { ...call, end: async () => call.end() };
    const row: RunningQuery = { logid, qid, lane, startedAt: Date.now() };
    try {
      await running.begin(row);
    } catch (error) {
      // Without its row the call can still be stopped here, just not from elsewhere.
      this.options.onError?.(error);
      return { ...call, end: async () => call.end() };
    }
    let checking = false;
    const check = setInterval(() => {
      if (checking) return;
      checking = true;
      running
        .stopRequested(row)
        .then((stop) => stop && this.calls.stop(logid, qid))
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          checking = false;
        });
    }, STOP_CHECK_MS);
    check.unref();
    return {
      ...call,
      end: async () => {
        clearInterval(check);
        call.end();
        await running.end(row).catch((error: unknown) => this.options.onError?.(error));
      },
    };
  }

  /** Stops the query here if it runs here, else asks the process running it; says whether any did. */
  async stop(logid: string, qid: string): Promise<boolean> {
    if (this.calls.stop(logid, qid)) return true;
    if (!this.running) return false;
    const since = Date.now() - this.options.timeoutMs - STALE_MARGIN_MS;
    if ((await this.running.requestStop(logid, qid, since)) === 0) return false;
    // Stored first: a running call the signal misses (or one that cannot be sent) finds it in its row.
    await this.channel?.send(logid, qid).catch((error: unknown) => this.options.onError?.(error));
    return true;
  }

  async close(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    await listening?.close();
  }
}
