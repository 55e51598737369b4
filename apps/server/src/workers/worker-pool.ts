import { availableParallelism } from 'node:os';
import type { Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';

// In the bundle the entry is dist/tasks.worker.js beside server.js; from the sources (tests,
// tsx) a plain-JS entry that loads tasks.worker.ts through tsx.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = new URL(FROM_SOURCE ? './tasks-from-source.worker.mjs' : './tasks.worker.js', import.meta.url);

export type TaskName =
  | 'parseJson'
  | 'parseLog'
  | 'countTokens'
  | 'pdfText'
  | 'fileKind'
  | 'sha256'
  | 'bazaarCopy';

/**
 * Worker threads for CPU-heavy work (parsing large bodies and logs, counting tokens, reading uploads and PDFs), so the request thread
 * stays free to answer everyone else. Threads start on first use and stop when idle.
 */
export class WorkerPool {
  private pool: Piscina | null = null;

  /**
   * Runs the task on a thread. `options.timeoutMs`: past it the thread is stopped (and replaced)
   * and the promise rejects, for work on input from outside that could run away (a PDF).
   */
  run<T>(
    name: TaskName,
    task: unknown,
    transferList?: readonly Transferable[],
    options: { timeoutMs?: number } = {},
  ): Promise<T> {
    this.pool ??= new Piscina({
      filename: ENTRY.href,
      // One thread fewer than the cores, so the request thread keeps one to itself.
      maxThreads: Math.max(1, availableParallelism() - 1),
      minThreads: 0,
      idleTimeout: 30_000,
    });
    return this.pool.run(task, {
      name,
      ...(transferList ? { transferList: [...transferList] } : {}),
      ...(options.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(options.timeoutMs) }),
    });
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
