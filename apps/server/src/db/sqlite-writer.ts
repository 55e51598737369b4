import { Worker } from 'node:worker_threads';
import type { QueryResult } from 'kysely';
import type { Statement } from './sqlite-statements.js';

// In the bundle the entry is dist/sqlite-writer.worker.js beside server.js; from the sources a
// plain-JS entry that loads the TypeScript one through tsx.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = new URL(
  FROM_SOURCE ? './sqlite-writer-from-source.worker.mjs' : './sqlite-writer.worker.js',
  import.meta.url,
);

export type WriterRequest =
  | { id: number; statement: Statement; close?: undefined }
  | { id?: undefined; close: true };

export type WriterReply =
  | { ready: true; id?: undefined }
  | { id: number; result: QueryResult<unknown>; error?: undefined }
  | { id: number; error: { message: string; name: string; code: unknown }; result?: undefined };

interface Pending {
  resolve(result: QueryResult<unknown>): void;
  reject(error: Error): void;
}

/**
 * SQLite's writer connection, held by a thread of its own. better-sqlite3 runs each statement
 * synchronously, so on the request thread a large write (hundreds of thousands of rows, then a
 * commit that syncs them to disk) would stop every other request for as long as it runs. Here the
 * request thread only posts each statement and awaits its answer. Statements run in the order they
 * are sent; the driver's mutex decides who may send.
 */
export class SqliteWriter {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  /** Settles once the connection is open and set up (WAL on), or fails with why it could not be. */
  readonly ready: Promise<void>;

  constructor(file: string) {
    this.worker = new Worker(ENTRY, { workerData: { file } });
    // Only waiting statements keep the process alive (see `track`).
    this.worker.unref();
    let opened = () => {};
    let failed = (_error: Error) => {};
    this.ready = new Promise<void>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    this.ready.catch(() => {});
    this.worker.ref();
    this.worker.on('message', (reply: WriterReply) => {
      if (reply.id === undefined) {
        if (this.pending.size === 0) this.worker.unref();
        opened();
        return;
      }
      this.settle(reply);
    });
    const stop = (error: Error) => {
      this.failure ??= error;
      failed(this.failure);
      for (const waiting of this.pending.values()) waiting.reject(this.failure);
      this.pending.clear();
    };
    this.worker.on('error', stop);
    this.worker.on('exit', () => stop(new Error('The SQLite writer thread has stopped.')));
  }

  run(statement: Statement): Promise<QueryResult<unknown>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) this.worker.ref();
      const request: WriterRequest = {
        id,
        statement: { sql: statement.sql, parameters: statement.parameters },
      };
      this.worker.postMessage(request);
    });
  }

  /** Closes the connection and ends the thread once the statements already sent have run. */
  async close(): Promise<void> {
    if (this.failure) return;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage({ close: true } satisfies WriterRequest);
    await exited;
  }

  private settle(reply: Exclude<WriterReply, { ready: true }>): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), reply.error));
    else waiting.resolve(withBuffers(reply.result as QueryResult<unknown>));
  }
}

/** Bytes come back as plain Uint8Arrays; the rest of the server reads Buffers, as on one thread. */
function withBuffers(result: QueryResult<unknown>): QueryResult<unknown> {
  for (const row of result.rows as Record<string, unknown>[]) {
    for (const [column, value] of Object.entries(row)) {
      if (value instanceof Uint8Array)
        row[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return result;
}
