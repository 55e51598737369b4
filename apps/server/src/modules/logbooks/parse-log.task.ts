import type { MessagePort } from 'node:worker_threads';
import { serializeLog } from '@caravanserai/logbook';
import { readLog } from './log-input.js';

export interface ParseTask {
  log: string;
  /** Carries the outcome, then the entries in batches, one batch each time the other side asks. */
  port: MessagePort;
  batchSize: number;
}

/** First message on the port: whether the log was accepted, and how many entries will follow. */
export type ParseHeader = { ok: true; count: number } | { ok: false; problem: string };

/** What the task answers once every batch is taken: the log as the server will store it. */
export interface ParseResult {
  log: string;
}

/** The next message, or an error once the other side has closed the channel (it gave up). */
function nextRequest(port: MessagePort): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = () => {
      port.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      port.off('message', onMessage);
      reject(new Error('The reader closed the channel.'));
    };
    port.once('message', onMessage);
    port.once('close', onClose);
  });
}

/**
 * A worker-thread task (workers/tasks.worker.ts): parses and checks a client's log, hands its entries over a batch at a
 * time as they are asked for (a thread receiving many messages at once decodes them all in one go,
 * which is the stall this avoids), and answers with the log serialised as it will be stored.
 */
export async function parseLogTask({ log, port, batchSize }: ParseTask): Promise<ParseResult | null> {
  const reading = readLog(log);
  if (!reading.ok) {
    port.postMessage(reading satisfies ParseHeader);
    return null;
  }
  const { entries } = reading;
  port.postMessage({ ok: true, count: entries.length } satisfies ParseHeader);
  const serialized = serializeLog(entries);
  for (let i = 0; i < entries.length; i += batchSize) {
    await nextRequest(port);
    port.postMessage(entries.slice(i, i + batchSize));
  }
  return { log: serialized };
}
