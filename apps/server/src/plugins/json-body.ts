import { errorCodes, type FastifyInstance } from 'fastify';
import type { WorkerPool } from '../workers/worker-pool.js';
import type { ParsedJson, ParseJsonTask } from './parse-json.task.js';

/**
 * Bodies up to this size are parsed on the request thread (a few milliseconds at most); larger
 * ones, up to the 5 MB body limit, take tens of milliseconds and go to a worker thread. Kept high
 * because the pool may be busy parsing someone's log, and a body should not wait behind that.
 */
export const PARSE_INLINE_BYTES = 1024 * 1024;

/**
 * The JSON body parser: Fastify's own for small bodies, the same parse on a worker thread for
 * large ones, so one client sending a few megabytes does not hold every other request.
 */
export function registerJsonBody(app: FastifyInstance, workers: WorkerPool): void {
  const inline = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length <= PARSE_INLINE_BYTES) {
      inline(request, bytes.toString('utf8'), done);
      return;
    }
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const buffer = (
      own ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)
    ) as ArrayBuffer;
    workers.run<ParsedJson>('parseJson', { bytes: buffer } satisfies ParseJsonTask, [buffer]).then(
      (parsed) =>
        parsed.ok
          ? done(null, parsed.value)
          : done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined),
      (error: Error) => done(error, undefined),
    );
  });
}
