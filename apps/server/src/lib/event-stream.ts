import { formatStreamEvent, type QueryStreamEvent } from '@caravanserai/api';
import type { FastifyReply } from 'fastify';

/**
 * How long an answer stream may stay silent before it sends a comment line: well under the 30-60 s
 * idle timeout of common proxies and load balancers, so a model thinking for minutes keeps its
 * stream. Clients skip comment lines, as the SSE specification has it.
 */
export const KEEPALIVE_MS = 15_000;

/** An SSE comment: no event for the client, but bytes on the wire for every proxy between. */
export const KEEPALIVE_COMMENT = ': keepalive\n\n';

/** An open Server-Sent Events answer: events go out as they are sent, in the shared wire format. */
export interface EventStream {
  /** An answer's event, with the id a reconnecting client names (`Last-Event-ID`). */
  send(event: QueryStreamEvent, id?: string): void;
  /** An event already in the wire format (`event:`/`data:` lines and a blank line). */
  write(frame: string): void;
  end(): void;
  /** Called once when the stream ends, by `end` or by the client going away. */
  onClose(listener: () => void): void;
}

export interface EventStreamOptions {
  /** Silence after which a comment line goes out (default KEEPALIVE_MS). */
  keepAliveMs?: number;
}

/**
 * Takes the reply over for Server-Sent Events: headers that keep proxies from buffering or
 * transforming it (and the ones already set, such as security headers), then events as
 * `formatStreamEvent` writes them, and a comment whenever nothing was written for `keepAliveMs`.
 * Sending after the client has gone does nothing.
 */
export function openEventStream(
  reply: FastifyReply,
  { keepAliveMs = KEEPALIVE_MS }: EventStreamOptions = {},
): EventStream {
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  reply.hijack();

  let stopped = false;
  const writable = () => !stopped && !res.destroyed && !res.writableEnded;
  // Unref'd: an open stream alone never keeps the process from exiting.
  const keepAlive = setInterval(() => {
    if (writable()) res.write(KEEPALIVE_COMMENT);
  }, keepAliveMs).unref();
  const stop = () => {
    stopped = true;
    clearInterval(keepAlive);
  };
  res.once('close', stop);

  const write = (frame: string) => {
    if (!writable()) return;
    res.write(frame);
    // The silence is counted from the last write, so a comment goes out only when one is due.
    keepAlive.refresh();
  };
  return {
    send: (event, id) => write(formatStreamEvent(event, id)),
    write,
    end() {
      stop();
      if (!res.writableEnded) res.end();
    },
    onClose(listener) {
      if (res.destroyed || res.writableEnded) queueMicrotask(listener);
      else res.once('close', listener);
    },
  };
}
