import { once } from 'node:events';
import { MessageChannel } from 'node:worker_threads';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import { fieldError } from '../../errors.js';
import type { WorkerPool } from '../../workers/worker-pool.js';
import { readLog } from './log-input.js';
import type { ParseHeader, ParseResult, ParseTask } from './parse-log.task.js';

/** Below this size a log is read on the request thread: a worker round trip would cost more. */
const INLINE_CHARS = 32 * 1024;
const BATCH = 2000;

export interface ReadLog {
  entries: Entry[];
  /** The log as it will be stored and served: the entries serialised. */
  log: string;
}

/**
 * Reads the `log` of a write. A large log (up to the 5 MB body limit, some 300,000 entries) takes
 * seconds to parse and serialise, so that work runs on worker threads and the request thread only
 * receives the entries in small batches, staying free to answer everyone else meanwhile.
 */
export class LogReader {
  constructor(private readonly workers: WorkerPool) {}

  async read(log: string, field = 'log'): Promise<ReadLog> {
    if (log.length < INLINE_CHARS) {
      const reading = readLog(log);
      if (!reading.ok) throw fieldError(field, reading.problem);
      return { entries: reading.entries, log: serializeLog(reading.entries) };
    }
    const { port1, port2 } = new MessageChannel();
    try {
      const task: ParseTask = { log, port: port2, batchSize: BATCH };
      const result = this.workers.run<ParseResult | null>('parseLog', task, [port2]);
      // A worker that fails sends no more messages: waiting for one must end with its error.
      const failed = result.then(() => new Promise<never>(() => {}));
      const next = <T>() => Promise.race([once(port1, 'message').then(([message]) => message as T), failed]);
      const header = await next<ParseHeader>();
      if (!header.ok) {
        await result;
        throw fieldError(field, header.problem);
      }
      // One batch at a time: each arrives as its own turn of the event loop, so requests from
      // other users are answered in between.
      const entries: Entry[] = [];
      while (entries.length < header.count) {
        port1.postMessage('next');
        for (const entry of await next<Entry[]>()) entries.push(entry);
      }
      const done = await result;
      if (!done) throw new Error('The log reader answered without the log.');
      return { entries, log: done.log };
    } finally {
      port1.close();
    }
  }
}
