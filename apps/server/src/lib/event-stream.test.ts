import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEPALIVE_COMMENT, KEEPALIVE_MS, openEventStream } from './event-stream.js';

/** Just enough of a Fastify reply and its Node response to open a stream on and read it back. */
function fakeReply() {
  const raw = Object.assign(new EventEmitter(), {
    writes: [] as string[],
    destroyed: false,
    writableEnded: false,
    writeHead: vi.fn(),
    write(chunk: string) {
      if (raw.writableEnded) throw new Error('write after end');
      raw.writes.push(chunk);
      return true;
    },
    end() {
      raw.writableEnded = true;
      raw.emit('close');
    },
    /** The client goes away: Node destroys the response and emits 'close'. */
    disconnect() {
      raw.destroyed = true;
      raw.emit('close');
    },
  });
  const reply = { raw, getHeaders: () => ({}), hijack: vi.fn() };
  return { raw, reply: reply as unknown as FastifyReply };
}

const comments = (writes: string[]) => writes.filter((w) => w === KEEPALIVE_COMMENT).length;
const delta = (text: string) => ({ event: 'delta', data: { text } }) as const;

describe('openEventStream keepalive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a comment line every 15 s while nothing else is written', () => {
    const { raw, reply } = fakeReply();
    const sut = openEventStream(reply);

    vi.advanceTimersByTime(KEEPALIVE_MS - 1);
    expect(raw.writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(raw.writes).toEqual([': keepalive\n\n']);
    vi.advanceTimersByTime(2 * KEEPALIVE_MS);
    expect(comments(raw.writes)).toBe(3);
    sut.end();
  });

  it('counts the silence from the last event written', () => {
    const { raw, reply } = fakeReply();
    const sut = openEventStream(reply, { keepAliveMs: 100 });

    vi.advanceTimersByTime(90);
    sut.send(delta('a'));
    vi.advanceTimersByTime(90);
    sut.send(delta('b'));
    vi.advanceTimersByTime(99);
    expect(comments(raw.writes)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(raw.writes.at(-1)).toBe(KEEPALIVE_COMMENT);
    expect(raw.writes).toHaveLength(3);
    sut.end();
  });

  it('stops at the end, and never writes after it', () => {
    const { raw, reply } = fakeReply();
    const sut = openEventStream(reply, { keepAliveMs: 100 });
    vi.advanceTimersByTime(100);

    sut.end();
    sut.send(delta('late'));
    sut.end();
    vi.advanceTimersByTime(1_000);

    expect(raw.writes).toEqual([KEEPALIVE_COMMENT]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when the client disconnects', () => {
    const { raw, reply } = fakeReply();
    const sut = openEventStream(reply, { keepAliveMs: 100 });

    raw.disconnect();
    vi.advanceTimersByTime(1_000);
    sut.send(delta('unheard'));

    expect(raw.writes).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    sut.end();
  });
});

describe('openEventStream timer', () => {
  it('does not keep the process alive', () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const { reply } = fakeReply();
    const sut = openEventStream(reply, { keepAliveMs: 60_000 });
    expect(timers()).toBe(before);
    sut.end();
  });
});
