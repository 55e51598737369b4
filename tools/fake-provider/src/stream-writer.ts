import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StreamFrames } from './families/family-adapter';

export interface StreamOptions {
  /** Wait before each text chunk. */
  delayMs: number;
  /** Destroy the socket after this many text chunks instead of finishing. */
  dropAfter?: number;
}

function write(response: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (text.length === 0 || response.destroyed) resolve();
    else response.write(text, () => resolve());
  });
}

export interface Delivery {
  chunksSent: number;
  complete: boolean;
}

/** Sends a framed stream: head at once, then each delta (after the delay), then the tail. */
export async function writeStream(
  response: ServerResponse,
  frames: StreamFrames,
  options: StreamOptions,
): Promise<Delivery> {
  response.writeHead(200, {
    'content-type': frames.contentType,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.flushHeaders();
  await write(response, frames.head.join(''));
  const sent = options.dropAfter === undefined ? frames.deltas.length : Math.max(0, options.dropAfter);
  let chunksSent = 0;
  for (const delta of frames.deltas.slice(0, sent)) {
    if (options.delayMs > 0) await sleep(options.delayMs);
    if (response.destroyed) return { chunksSent, complete: false };
    await write(response, delta);
    chunksSent += 1;
  }
  if (options.dropAfter !== undefined) {
    response.socket?.destroy();
    return { chunksSent, complete: false };
  }
  await write(response, frames.tail.join(''));
  response.end();
  return { chunksSent, complete: !response.destroyed };
}
