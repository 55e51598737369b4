import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../errors.js';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { openEventStream } from './event-stream.js';
import { AI_FAILED } from './query-errors.js';

export async function queryRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.queries;

  addRoute(app, route.cancel, signedIn, async (request) =>
    services.queries.cancel(requireUser(request), request.body.logid, request.body.qid),
  );

  addRoute(app, route.submit, signedIn, async (request) =>
    services.queries.submit(requireUser(request), request.body),
  );

  /**
   * Server-Sent Events: `query` (the stored query entry), `delta` text pieces, then `done` with the
   * stored gen entry or `error`. Refusals (401/403/404/409/400) still come as plain JSON errors,
   * since they happen before the stream opens.
   */
  addRoute(app, route.stream, signedIn, async (request, reply) => {
    const prepared = await services.queries.prepare(requireUser(request), request.body);
    let stream: ReturnType<typeof openEventStream>;
    try {
      stream = openEventStream(reply);
    } catch (error) {
      // The answer never started, so the query's place under its caravan's quota is given back.
      await prepared.admission.release();
      throw error;
    }
    const { send, end } = stream;
    send({
      event: 'query',
      data: {
        qid: prepared.qid,
        index: prepared.queryIndex,
        eid: prepared.queryEid,
        ...prepared.queryWritten,
      },
    });
    try {
      // Read to the end even if the client has gone: the answer is stored either way.
      for await (const event of services.queries.stream(prepared)) {
        if (event.type === 'delta') send({ event: 'delta', data: { text: event.text } });
        else if (event.type === 'reasoning') send({ event: 'reasoning', data: { text: event.text } });
        else if (event.type === 'done') send({ event: 'done', data: event.data });
        else if (event.type === 'cancelled') send({ event: 'cancelled', data: { detail: event.detail } });
        else
          send({
            event: 'error',
            data: { detail: event.detail, reason: event.reason, code: 'provider_error' },
          });
      }
    } catch (error) {
      // Storing the answer can still fail (the logbook was salted or deleted meanwhile).
      request.log.warn({ err: error }, 'streamed query ended with an error');
      const reason = error instanceof HttpError ? error.message : AI_FAILED;
      send({ event: 'error', data: { detail: AI_FAILED, reason, code: 'provider_error' } });
    } finally {
      end();
    }
    return reply;
  });
}
