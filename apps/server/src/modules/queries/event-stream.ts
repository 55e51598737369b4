import { formatStreamEvent, type QueryStreamEvent } from '@caravanserai/api';
import type { FastifyReply } from 'fastify';

/** An open Server-Sent Events answer: events go out as they are sent, in the shared wire format. */
export interface EventStream {
  send(event: QueryStreamEvent): void;
  end(): void;
}

/**
 * Takes the reply over for Server-Sent Events: headers that keep proxies from buffering or
 * transforming it (and the ones already set, such as security headers), then events as
 * `formatStreamEvent` writes them. Sending after the client has gone does nothing.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  reply.hijack();
  return {
    send(event) {
      if (!res.destroyed && !res.writableEnded) res.write(formatStreamEvent(event));
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
}
