import type { FastifyInstance } from 'fastify';

/**
 * API answers are about the moment they are asked for: none is kept by a browser or proxy unless
 * its route says otherwise (files, with their ETag). Without this a browser may keep a 404 or 410
 * as long as it likes (both are cacheable by default), and show a listing as removed after it came
 * back.
 */
export function noStoredAnswers(api: FastifyInstance): void {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
