import { formatStreamEvent, type QueryStreamEvent } from '@caravanserai/api';
import type { FrameScheduler } from './answer-stream';

// For tests of the session: frames and answer streams the test moves on by hand.

/** Frames drawn only when the test says so. */
export function manualFrames(): FrameScheduler & { draw(): void; waiting(): number } {
  const queued = new Map<number, () => void>();
  let next = 1;
  return {
    request: (draw) => {
      queued.set(next, draw);
      return next++;
    },
    cancel: (handle) => void queued.delete(handle),
    draw: () => {
      const draws = [...queued.values()];
      queued.clear();
      for (const draw of draws) draw();
    },
    waiting: () => queued.size,
  };
}

export interface EventStream {
  response: Response;
  send(event: QueryStreamEvent): void;
  end(): void;
  /** Fails the read as a dropped fetch does. */
  abort(): void;
  /** Hears each event before it is sent (the server storing what it announces). */
  observe(listener: (event: QueryStreamEvent) => void): void;
}

/** A body of Server-Sent Events, sent one at a time as the test releases them. */
export function eventStream(): EventStream {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const listeners: ((event: QueryStreamEvent) => void)[] = [];
  const body = new ReadableStream<Uint8Array>({
    start: (opened) => {
      controller = opened;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event) => {
      for (const listener of listeners) listener(event);
      controller?.enqueue(encoder.encode(formatStreamEvent(event)));
    },
    end: () => controller?.close(),
    abort: () => controller?.error(new DOMException('The stream was dropped.', 'AbortError')),
    observe: (listener) => void listeners.push(listener),
  };
}
