import { parentPort, workerData } from 'node:worker_threads';
import { openWriterConnection, runStatement, type Statement, StatementCache } from './sqlite-connection.js';
import type { WriterReply, WriterRequest } from './sqlite-writer-thread.js';

/**
 * The thread that holds SQLite's bulk writer connection (db/sqlite-writer-thread.ts). Statements arrive
 * one at a time and run here, synchronously, so a long insert, delete or commit (with its fsync)
 * never holds the request thread.
 */
const port = parentPort;
if (!port) throw new Error('sqlite-writer-thread.worker runs as a worker thread.');

const db = openWriterConnection((workerData as { file: string }).file);
const statements = new StatementCache(db);

/** Bytes arrive as plain Uint8Arrays; SQLite binds Buffers. */
const bindable = (value: unknown) =>
  value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;

function run(statement: Statement) {
  return runStatement(statements, { sql: statement.sql, parameters: statement.parameters.map(bindable) });
}

port.on('message', (request: WriterRequest) => {
  if (request.close) {
    db.close();
    port.close();
    return;
  }
  let reply: WriterReply;
  try {
    reply = { id: request.id, result: run(request.statement) };
  } catch (error) {
    const { message, name, code } = error as { message?: string; name?: string; code?: unknown };
    reply = { id: request.id, error: { message: String(message), name: String(name), code } };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies WriterReply);
