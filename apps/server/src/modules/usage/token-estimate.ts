import type { WorkerPool } from '../../workers/worker-pool.js';

/** What a chat format adds per message around its text (role markers), as OpenAI documents it. */
const PER_MESSAGE = 4;

/**
 * Token counts for when a provider reports none: providers report usage only at the end of an
 * answer, so a stopped or cut one has none, and some OpenAI-compatible servers never report it.
 * Counted on a worker thread: a long conversation takes tens of milliseconds to count.
 */
export class TokenEstimator {
  constructor(private readonly workers: WorkerPool) {}

  async prompt(texts: readonly string[]): Promise<number> {
    return (await this.count(texts)) + PER_MESSAGE * texts.length;
  }

  async answer(text: string): Promise<number> {
    return text === '' ? 0 : this.count([text]);
  }

  private count(texts: readonly string[]): Promise<number> {
    return this.workers.run<number>('countTokens', { texts });
  }
}
