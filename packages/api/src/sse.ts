import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One Server-Sent Event: its name and its data as sent, and its id when it has one. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads the events of a streamed body, whatever the chunk boundaries (a CR ending one chunk and
 * the LF starting the next are one line end, not an event boundary): eventsource-parser does the
 * reading, as the SSE specification has it.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const ready: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => ready.push(message) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      for (const message of ready.splice(0))
        yield {
          event: message.event ?? 'message',
          data: message.data,
          ...(message.id === undefined ? {} : { id: message.id }),
        };
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
