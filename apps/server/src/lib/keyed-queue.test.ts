import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedQueue', () => {
  it('runs one task of a key at a time, in order, and goes on after a failure', async () => {
    const queue = new KeyedQueue<string>();
    const log: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      queue.run('a', task('1')),
      queue.run('a', task('2', true)),
      queue.run('a', task('3')),
    ]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('runs tasks of different keys side by side', async () => {
    const queue = new KeyedQueue<number>();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
    };
    await Promise.all([queue.run(1, task('x')), queue.run(2, task('y'))]);
    expect(log.slice(0, 2)).toEqual(['start x', 'start y']);
  });
});
