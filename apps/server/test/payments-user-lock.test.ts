import { createTestDb, sleep, type TestDb } from '@caravanserai/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserLock } from '../src/modules/payments/user-lock.js';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.drop());

/** Runs a task that notes when it starts and ends, taking a while in between. */
function noting(log: string[], name: string) {
  return async () => {
    log.push(`${name} start`);
    await sleep(150);
    log.push(`${name} end`);
    return name;
  };
}

describe("a user's payment writes", () => {
  it('run one at a time, across server processes where the database is shared', async () => {
    // On PostgreSQL two locks stand for two replicas; SQLite has one process, so one lock.
    const one = new UserLock(testDb.db);
    const two = testDb.db.dialect === 'postgres' ? new UserLock(testDb.db) : one;
    const log: string[] = [];
    const results = await Promise.all([one.run(7, noting(log, 'a')), two.run(7, noting(log, 'b'))]);
    expect(results).toEqual(['a', 'b']);
    const first = log[0]!.split(' ')[0];
    const second = first === 'a' ? 'b' : 'a';
    expect(log).toEqual([`${first} start`, `${first} end`, `${second} start`, `${second} end`]);
  });

  it("leave other users' writes alone, and free the lock after a failure", async () => {
    const one = new UserLock(testDb.db);
    const two = testDb.db.dialect === 'postgres' ? new UserLock(testDb.db) : one;
    const log: string[] = [];
    await Promise.all([one.run(8, noting(log, 'c')), two.run(9, noting(log, 'd'))]);
    expect(log.slice(0, 2).sort()).toEqual(['c start', 'd start']);

    await expect(
      one.run(10, async () => {
        throw new Error('card declined');
      }),
    ).rejects.toThrow('card declined');
    expect(await two.run(10, async () => 'after')).toBe('after');
  });
});
