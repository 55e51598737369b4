/** Server-sent event framing. */

export const EVENT_STREAM = 'text/event-stream';

/** A data-only event, as OpenAI Chat Completions frames them. */
export function dataFrame(payload: unknown, lineEnd = '\n'): string {
  const data = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return `data: ${data}${lineEnd}${lineEnd}`;
}

/** A named event, as Anthropic Messages and OpenAI Responses frame them. */
export function namedFrame(event: string, payload: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}
