import { Worker } from 'node:worker_threads';
import type { QueryResult } from 'kysely';
import type { Statement } from './sqlite-connection.js';
import type { Writer } from './sqlite-driver.js';

// In the bundle the entry is dist/sqlite-writer-thread.worker.js beside server.js; from the
// sources a plain-JS entry that loads the TypeScript one through tsx.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = new URL(
  FROM_SOURCE ? './sqlite-writer-thread-from-source.worker.mjs' : './sqlite-writer-thread.worker.js',
  import.meta.url,
);

export type WriterRequest =
  | { id: number; statement: Statement; close?: undefined }
  | { id?: undefined; close: true };

export type WriterReply =
  | { ready: true; id?: undefined }
  | { id: number; result: QueryResult<unknown>; error?: undefined }
  | { id: number; error: { message: string; name: string; code: unknown }; result?: undefined };

/** What a refusal carries across the thread boundary: SQLite's message, error name and code. */
type Refusal = { message: string; name?: string; code?: unknown };

interface Pending {
  resolve(result: QueryResult<unknown>): void;
  reject(refusal: Refusal): void;
}

/**
 * A writer connection held by a thread of its own, for the bulk writes (db.bulk). better-sqlite3
 * runs each statement synchronously, so on the request thread replacing a log of 300,000 entries,
 * or the commit that syncs them to disk, would stop every other request for as long as it runs.
 * Here the request thread only posts each statement and awaits its answer. Statements run in the
 * order they are sent; the driver's mutex decides who may send. The thread starts on first use.
 */
export class SqliteWriterThread implements Writer {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private opened: Promise<void> | null = null;

  constructor(private readonly file: string) {}

  /** Settles once the thread's connection is open and set up, or fails with why it could not be. */
  get ready(): Promise<void> {
    this.opened ??= this.start();
    return this.opened;
  }

  async run(statement: Statement): Promise<QueryResult<unknown>> {
    // Made here, so that a refusal carries the caller's stack rather than the message handler's.
    const failure = new Error('The SQLite writer thread has stopped.');
    await this.ready;
    const worker = this.worker;
    if (!worker) throw failure;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const fail = (refusal: Refusal) =>
        reject(Object.assign(failure, refusal, { message: refusal.message }));
      this.pending.set(id, { resolve, reject: fail });
      // Only waiting statements keep the process alive.
      if (this.pending.size === 1) worker.ref();
      try {
        const request: WriterRequest = {
          id,
          statement: { sql: statement.sql, parameters: statement.parameters },
        };
        worker.postMessage(request);
      } catch (error) {
        this.forget(id);
        fail(error as Error);
      }
    });
  }

  /** Closes the connection and ends the thread once the statements already sent have run. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    // Held alive until it has closed its connection, whatever else the process is waiting for.
    worker.ref();
    worker.postMessage({ close: true } satisfies WriterRequest);
    await exited;
  }

  private start(): Promise<void> {
    const worker = new Worker(ENTRY, { workerData: { file: this.file } });
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      let stopped = false;
      const stop = (error: Error) => {
        if (stopped) return;
        stopped = true;
        reject(error);
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
        // A thread that stopped unasked is started afresh by the next write; SQLite rolled back
        // whatever transaction it held when its connection closed.
        this.worker = null;
        this.opened = null;
      };
      worker.on('error', stop);
      worker.on('exit', (code) =>
        stop(new Error(`The SQLite writer thread has stopped (exit code ${code}).`)),
      );
      worker.on('message', (reply: WriterReply) => {
        if (reply.id !== undefined) return this.settle(reply);
        if (this.pending.size === 0) worker.unref();
        resolve();
      });
    });
  }

  private settle(reply: Exclude<WriterReply, { ready: true }>): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.forget(reply.id);
    if (reply.error) waiting.reject(reply.error);
    else waiting.resolve(withBuffers(reply.result as QueryResult<unknown>));
  }

  private forget(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
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
