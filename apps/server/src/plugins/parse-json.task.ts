import secureJsonParse from 'secure-json-parse';

export interface ParseJsonTask {
  /** The request body's bytes, handed over (transferred) rather than copied. */
  bytes: ArrayBuffer;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false };

/**
 * A worker-thread task (workers/tasks.worker.ts): parses a large JSON request body exactly as
 * Fastify's own parser does (a `__proto__` or `constructor.prototype` key refused), so that a
 * body of megabytes is not parsed on the request thread.
 */
export function parseJsonTask({ bytes }: ParseJsonTask): ParsedJson {
  try {
    return {
      ok: true,
      value: secureJsonParse(Buffer.from(bytes), { protoAction: 'error', constructorAction: 'error' }),
    };
  } catch {
    return { ok: false };
  }
}
