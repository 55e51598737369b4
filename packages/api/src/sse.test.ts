import { describe, expect, it } from 'vitest';
import { readSse } from './sse.js';

function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(chunks: string[]) {
  const events = [];
  for await (const event of readSse(bodyOf(chunks))) events.push(event);
  return events;
}

describe('readSse', () => {
  it('reads events whatever the chunk boundaries', async () => {
    const wire = 'event: query\ndata: {"qid":"a"}\n\nevent: delta\ndata: {"text":"hé"}\n\n';
    const whole = await read([wire]);
    expect(whole).toEqual([
      { event: 'query', data: '{"qid":"a"}' },
      { event: 'delta', data: '{"text":"hé"}' },
    ]);
    const bytes = Array.from(wire);
    expect(await read(bytes)).toEqual(whole);
  });

  it('takes a CR ending one chunk and a LF starting the next as one line end', async () => {
    const events = await read(['event: delta\r\ndata: one\r', '\ndata: two\r\n\r\n']);
    expect(events).toEqual([{ event: 'delta', data: 'one\ntwo' }]);
  });

  it('ignores comments and names an unnamed event "message"', async () => {
    expect(await read([': keep-alive\n\ndata: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('does not lose a multi-byte character split between chunks', async () => {
    const encoder = new TextEncoder();
    const bytes = encoder.encode('data: 漢\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7));
        controller.enqueue(bytes.slice(7));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readSse(body)) events.push(event);
    expect(events).toEqual([{ event: 'message', data: '漢' }]);
  });
});
