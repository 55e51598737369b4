import { entry } from '@caravanserai/test-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../errors.js';
import { WorkerPool } from '../../workers/worker-pool.js';
import type { CopyTask } from './copy.task.js';
import { makeCopyInTime } from './publishing.service.js';

const workers = new WorkerPool();
afterAll(() => workers.close());

/** A copy of `count` questions. */
const task = (count: number): CopyTask => ({
  chosen: Array.from({ length: count }, (_, i) => entry('query', `Question ${i}: write to bob@example.com`)),
  carried: [],
  describe: { title: 'Feeding a starter', summary: '', topics: [] },
});

describe('making a copy on a worker thread', () => {
  it('answers the copy and its warnings when made in time', async () => {
    const made = await makeCopyInTime(workers, task(3));
    expect(made.entryCount).toBe(3);
    expect(made.warnings.map((w) => [w.kind, w.index])).toEqual([
      ['email', 0],
      ['email', 1],
      ['email', 2],
    ]);
  });

  it('refuses a copy not made in time with a field error on the chosen tags', async () => {
    const refused = await makeCopyInTime(workers, task(50_000), 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 400,
      fields: { include: [expect.stringContaining('fewer tags')] },
    });
    // The stopped thread is replaced: the next copy is made as before.
    expect((await makeCopyInTime(workers, task(1))).entryCount).toBe(1);
  });
});
