import { describe, expect, it } from 'vitest';
import { ThrottledWrites } from './throttled-writes.js';

describe('ThrottledWrites', () => {
  it('writes once per key within the interval, each key apart, and again once it has passed', async () => {
    const writes = new ThrottledWrites<string>(1000);
    const made: string[] = [];
    const write = (key: string, at: number) =>
      writes.write(
        key,
        at,
        async () => void made.push(`${key}@${at}`),
        () => undefined,
      );
    write('a', 0);
    write('a', 999);
    write('b', 500);
    write('a', 1000);
    await writes.settled();
    expect(made).toEqual(['a@0', 'b@500', 'a@1000']);
  });

  it('writes again at once for a key it was told to forget', async () => {
    const writes = new ThrottledWrites<number>(60_000);
    let count = 0;
    writes.write(
      7,
      0,
      async () => void count++,
      () => undefined,
    );
    writes.forget(7);
    writes.write(
      7,
      1,
      async () => void count++,
      () => undefined,
    );
    await writes.settled();
    expect(count).toBe(2);
  });

  it('passes a failed write to its onError, and settled waits for writes under way', async () => {
    const writes = new ThrottledWrites<string>(1000);
    const errors: unknown[] = [];
    let finished = false;
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      finished = true;
    };
    writes.write('slow', 0, slow, () => {});
    writes.write(
      'broken',
      0,
      async () => Promise.reject(new Error('database gone')),
      (error) => errors.push(error),
    );
    await writes.settled();
    expect(finished).toBe(true);
    expect(errors).toEqual([new Error('database gone')]);
  });
});
