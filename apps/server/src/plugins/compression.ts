import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers worth it (logs as JSON, the served page) for clients that accept it. Brotli
 * at quality 4 is about as fast as gzip and smaller; the highest qualities cost seconds on a long
 * log. Compression runs on libuv's thread pool, off the request thread. The built assets are
 * compressed once at build time instead (plugins/static-web.ts serves those files).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
