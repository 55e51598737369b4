import { describe, expect, it } from 'vitest';
import { merge } from './lanes.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function* source(name: string, delays: number[], failAt?: number) {
  for (const [i, ms] of delays.entries()) {
    await pause(ms);
    if (i === failAt) throw new Error(`${name} failed`);
    yield `${name}${i}`;
  }
}

describe('merging answers', () => {
  it('yields each as it comes, none waiting for another, and ends when all have ended', async () => {
    const seen: string[] = [];
    for await (const value of merge([source('a', [80, 10]), source('b', [5, 5, 5])])) seen.push(value);
    expect(seen).toEqual(['b0', 'b1', 'b2', 'a0', 'a1']);
  });

  it("passes one source's failure on, still reading the others to their end", async () => {
    const read: string[] = [];
    const slow = (async function* () {
      for await (const value of source('b', [20, 20])) {
        read.push(value);
        yield value;
      }
    })();
    await expect(async () => {
      for await (const _ of merge([source('a', [5], 0), slow])) {
        // nothing
      }
    }).rejects.toThrow('a failed');
    await pause(80);
    expect(read).toEqual(['b0', 'b1']);
  });
});
