import { hostname } from 'node:os';
import { now } from '../../db/columns.js';
import { newId } from '../../lib/ids.js';
import type { ImportJobRow, ImportJobsRepository } from './import-jobs.repository.js';
import type { ImportQueueRepository } from './import-queue.repository.js';
import { type ImportLog, STOPPED_DETAIL } from './import-run.js';

/** How a process holds the jobs it runs, and how often it looks for more. */
export interface QueueTimings {
  /** A job's lease lasts this long from its last renewal: a process that dies loses it then. */
  leaseMs: number;
  /** Leases are renewed this often while their jobs run (well inside `leaseMs`). */
  renewMs: number;
  /** The queue is looked at this often for a job to take (and at once when this process accepts one). */
  pollMs: number;
}

/** A job whose process died is taken over within lease + poll: about half a minute. */
export const QUEUE_TIMINGS: QueueTimings = { leaseMs: 30_000, renewMs: 10_000, pollMs: 3_000 };

/** A job not yet in the queue (its upload being stored), or run by an older release, not heard of for this long was abandoned. */
export const ABANDONED_MS = 120_000;
/** How often a process keeps waiting jobs' heartbeats fresh and sweeps abandoned ones. */
const UPKEEP_MS = 30_000;

export type RunClaimed = (job: ImportJobRow, claim: string, stopping: () => boolean) => Promise<void>;

interface Held {
  /** Another process took the job over: this run stops and writes nothing more. */
  lost: boolean;
  ended: Promise<void>;
}

/**
 * The worker every server process runs: it takes the oldest job waiting in the database's queue
 * while fewer than `concurrent` run across all processes, renews the lease of each job it runs,
 * and on close stops them between conversations and hands them back.
 */
export class ImportQueue {
  /** This process, as the jobs it holds name it. */
  readonly id = `${hostname()}:${process.pid}:${newId(8)}`;
  private readonly held = new Map<string, Held>();
  private readonly timings: QueueTimings;
  private stopping = false;
  private started = false;
  private filling: Promise<void> | null = null;
  private wokenWhileFilling = false;
  private failing = false;
  private upkeptAt = 0;
  private poll: NodeJS.Timeout | undefined;
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly queue: ImportQueueRepository,
    private readonly jobs: ImportJobsRepository,
    private readonly run: RunClaimed,
    private readonly options: {
      concurrent: number;
      timings?: Partial<QueueTimings>;
      log?: ImportLog | undefined;
    },
  ) {
    this.timings = { ...QUEUE_TIMINGS, ...options.timings };
  }

  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.poll = setInterval(() => this.wake(), this.timings.pollMs);
    this.poll.unref();
    this.renewal = setInterval(() => void this.renew(), this.timings.renewMs);
    this.renewal.unref();
    this.wake();
  }

  /** Looks for jobs to take now (a job was accepted here, or one ended). */
  wake(): void {
    if (!this.started || this.stopping) return;
    if (this.filling) {
      this.wokenWhileFilling = true;
      return;
    }
    this.filling = this.fill().finally(() => {
      this.filling = null;
      if (this.wokenWhileFilling) {
        this.wokenWhileFilling = false;
        this.wake();
      }
    });
  }

  /** Stops taking jobs, and waits for those running here to stop between conversations and be handed back. */
  async close(): Promise<void> {
    this.stopping = true;
    clearInterval(this.poll);
    await this.filling;
    await Promise.allSettled([...this.held.values()].map((held) => held.ended));
    clearInterval(this.renewal);
  }

  private async fill(): Promise<void> {
    const { concurrent } = this.options;
    try {
      while (!this.stopping && this.held.size < concurrent) {
        const at = now();
        if (!(await this.queue.anyRunnable(at))) break;
        const job = await this.queue.claim({
          by: this.id,
          at,
          leaseMs: this.timings.leaseMs,
          limit: concurrent,
        });
        if (!job) break;
        this.begin(job);
      }
      this.failing = false;
    } catch (error) {
      // Said once, not every few seconds while the database is away (or behind this release).
      if (!this.failing) this.options.log?.warn({ err: error }, 'the import queue could not be read');
      this.failing = true;
    }
  }

  private begin(job: ImportJobRow): void {
    const held: Held = { lost: false, ended: Promise.resolve() };
    held.ended = this.run(job, this.id, () => this.stopping || held.lost)
      .catch((error: unknown) => {
        this.options.log?.error({ err: error, jobId: job.job_id }, 'an import job could not record its end');
      })
      .finally(() => {
        this.held.delete(job.job_id);
        this.wake();
      });
    this.held.set(job.job_id, held);
  }

  /** Renews the leases held here; a job whose lease another process took meanwhile is let go. */
  private async renew(): Promise<void> {
    const at = now();
    try {
      const ids = [...this.held.keys()];
      const kept = await this.queue.renew(ids, this.id, at, this.timings.leaseMs);
      for (const id of ids) {
        const held = this.held.get(id);
        if (held && !kept.has(id)) held.lost = true;
      }
      if (at - this.upkeptAt >= UPKEEP_MS) {
        this.upkeptAt = at;
        await this.queue.keepWaitingAlive(at, at - UPKEEP_MS);
        await this.jobs.failAbandoned(null, at - ABANDONED_MS, STOPPED_DETAIL, at);
      }
    } catch (error) {
      this.options.log?.warn({ err: error }, 'the leases of import jobs could not be renewed');
    }
  }
}
