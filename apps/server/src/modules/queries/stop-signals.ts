import type { Listening } from '../../db/pg-listener.js';
import type { ProviderCall, ProviderCalls } from './provider-calls.js';
import type { RunningQueriesRepository, RunningQuery } from './running-queries.repository.js';

/** The channel a Stop is announced on; its payload is `logid/qid`. */
export const STOP_CHANNEL = 'caravanserai_query_stop';
/** How often a running call looks at its row, in case the notification was missed. */
export const STOP_CHECK_MS = 1000;
/** Rows older than the longest call plus this were left by a process that died mid-call. */
const STALE_MARGIN_MS = 60_000;

/** A provider call whose end is awaited: it may have a row to remove. */
export interface RunningCall extends Omit<ProviderCall, 'end'> {
  end(): Promise<void>;
}

export interface StopSignalsOptions {
  timeoutMs: number;
  /** Where a failed check or notification is reported. */
  onError?: (error: unknown) => void;
}

type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<Listening>;

/**
 * Stop across server processes (DESIGN 9). The call is aborted by the process running it
 * (ProviderCalls); with PostgreSQL each call also has a row, so a Stop reaching another process
 * marks it and notifies every process, and the one running it stops it. A call checks its row
 * once a second too, so a missed notification (a dropped connection) still stops it. On SQLite
 * there is one process: rows and notifications are skipped.
 */
export class StopSignals {
  private listening: Listening | null = null;

  constructor(
    private readonly calls: ProviderCalls,
    private readonly running: RunningQueriesRepository | null,
    private readonly options: StopSignalsOptions,
  ) {}

  /** Starts hearing Stops from other processes (PostgreSQL). */
  async listen(listen: Listen): Promise<void> {
    if (!this.running || this.listening) return;
    this.listening = await listen(STOP_CHANNEL, (payload) => {
      const slash = payload.indexOf('/');
      if (slash > 0) this.calls.stop(payload.slice(0, slash), payload.slice(slash + 1));
    });
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
    await this.running.notify(STOP_CHANNEL, `${logid}/${qid}`);
    return true;
  }

  async close(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    await listening?.close();
  }
}
