import { formatStreamEvent, type QueryStreamEvent, routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { fieldError, HttpError } from '../../errors.js';
import { openEventStream } from '../../lib/event-stream.js';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import type { LaneEvent } from './lanes.js';
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
    const user = requireUser(request);
    const prepared = await services.queries.prepare(user, request.body);
    let stream: ReturnType<typeof openEventStream>;
    try {
      stream = openEventStream(reply);
    } catch (error) {
      // The answers never started, so the query's places under its caravan's quotas are given back.
      await Promise.all(prepared.answers.map((answer) => answer.admission.release()));
      throw error;
    }
    // Each event is numbered and kept, so a cut stream can be resumed on any process (DESIGN 9).
    const recording = services.answerEvents.record(user.id, request.body.logid, prepared.query.qid);
    const send = (event: QueryStreamEvent) => {
      const seq = recording.next();
      const frame = formatStreamEvent(event, String(seq));
      stream.write(frame);
      recording.keep(seq, frame);
    };
    const end = () => {
      stream.end();
      return recording.finish();
    };
    send({ event: 'query', data: prepared.query });
    const open = new Set(prepared.answers.map((answer) => answer.lane));
    try {
      // Read to the end even if the client has gone: the answers are stored either way.
      for await (const event of services.queries.streamAll(prepared.answers)) {
        if (event.type !== 'delta' && event.type !== 'reasoning') open.delete(event.lane);
        send(toWire(event));
      }
    } catch (error) {
      // Storing an answer can still fail (the logbook was salted or deleted meanwhile).
      request.log.warn({ err: error }, 'streamed query ended with an error');
      const reason = error instanceof HttpError ? error.message : AI_FAILED;
      // Every lane still open ends with it.
      for (const lane of open)
        send({
          event: 'error',
          data: { detail: AI_FAILED, reason, code: 'provider_error', ...laneOf(lane) },
        });
    } finally {
      await end();
    }
    return reply;
  });

  addRoute(app, route.resume, signedIn, async (request, reply) => {
    const user = requireUser(request);
    const { logid, qid } = request.query;
    const lastSeq = lastEventId(request.headers['last-event-id']);
    const chunks = await services.answerEvents.find(user.id, logid, qid);
    const stream = openEventStream(reply);
    try {
      await services.answerEvents.follow(user.id, logid, qid, chunks, lastSeq, stream);
    } finally {
      stream.end();
    }
    return reply;
  });
}

/** `Last-Event-ID`: the number of the last event the client has; none means from the start. */
function lastEventId(header: string | string[] | undefined): number {
  if (header === undefined || header === '') return 0;
  const value = Array.isArray(header) ? header[0] : header;
  if (!/^\d{1,9}$/.test(value ?? '')) throw fieldError('Last-Event-ID', 'Expected the number of an event.');
  return Number(value);
}

const laneOf = (lane: number | undefined) => (lane === undefined ? {} : { lane });

/** An answer's event as it goes on the wire, naming its lane in a compare. */
function toWire(event: LaneEvent): QueryStreamEvent {
  const lane = laneOf(event.lane);
  switch (event.type) {
    case 'delta':
      return { event: 'delta', data: { text: event.text, ...lane } };
    case 'reasoning':
      return { event: 'reasoning', data: { text: event.text, ...lane } };
    case 'done':
      return { event: 'done', data: { ...event.data, ...lane } };
    case 'cancelled':
      return { event: 'cancelled', data: { detail: event.detail, ...lane } };
    case 'error':
      return {
        event: 'error',
        data: { detail: event.detail, reason: event.reason, code: 'provider_error', ...lane },
      };
  }
}
