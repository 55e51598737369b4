import { entry, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { branchedLogbooks, turns } from './branch-helpers.js';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

const logbookWithWell = (...args: Parameters<ReturnType<typeof branchedLogbooks>>) =>
  branchedLogbooks(t.alice.client, t.fake)(...args);
const page = (logid: string, query = {}) => t.alice.client.logbooks.entries(logid, query);
const indexes = (read: { entries: { index: number }[] }) => read.entries.map((e) => e.index);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

// The head is on A2; A1 has an answer of its own, written before A2.
const TREE = [
  entry('query', 'Q', { eid: 'q0000000' }),
  entry('gen', 'A1', { eid: 'a1000000' }),
  entry('comment', 'On A1', { eid: 'c1000000' }),
  entry('gen', 'A2', { eid: 'a2000000', parent: 'q0000000' }),
];

describe('the page of the path through an entry (at=INDEX, a search hit)', () => {
  it("reads the head's path when the entry is on it, else the entry's branch, leaving the head", async () => {
    const logbook = await logbookWithWell(TREE);
    // On another branch: as `under` with its eid, down to the newest entry under it.
    for (const at of [1, 2]) {
      const read = await page(logbook.logid, { at });
      expect(turns(read)).toEqual([
        ['query', 'Q'],
        ['gen', 'A1'],
        ['comment', 'On A1'],
      ]);
      expect(read).toMatchObject({ version: logbook.version, head: 'c1000000', total: 3, active: false });
    }
    // On the head's path: the head's page, even where a newer branch under the entry would differ.
    for (const at of [0, 3]) {
      const read = await page(logbook.logid, { at });
      expect(turns(read)).toEqual([
        ['query', 'Q'],
        ['gen', 'A2'],
      ]);
      expect(read).toMatchObject({ head: 'a2000000', total: 2, more: false, active: true });
    }
    expect(await t.alice.client.logbooks.get(logbook.logid)).toMatchObject({
      head: 'a2000000',
      version: logbook.version,
    });
  });

  it('says with under whether the branch read is the head’s, and nothing of it on a plain page', async () => {
    const logbook = await logbookWithWell(TREE);
    expect((await page(logbook.logid, { under: 'a1000000' })).active).toBe(false);
    expect((await page(logbook.logid, { under: 'a2000000' })).active).toBe(true);
    expect(await page(logbook.logid)).not.toHaveProperty('active');
    // The whole document has no path to choose.
    const all = await page(logbook.logid, { all: '1', at: 1 });
    expect(indexes(all)).toEqual([0, 1, 2, 3]);
    expect(all).not.toHaveProperty('active');
  });

  it('reaches back to the entry with a longer page, up to 1000 entries, then with before', async () => {
    const long = Array.from({ length: 1100 }, (_, i) => entry(i % 2 ? 'gen' : 'query', `turn ${i}`));
    const logbook = await logbookWithWell(long);
    expect(indexes(await page(logbook.logid, { at: 1050 }))).toEqual(range(1000, 1100));
    const wider = await page(logbook.logid, { at: 900, limit: 10 });
    expect(indexes(wider)).toEqual(range(900, 1100));
    expect(wider).toMatchObject({ total: 1100, more: true, active: true });
    const most = await page(logbook.logid, { at: 5 });
    expect(indexes(most)).toEqual(range(100, 1100));
    // With before, the page is as long as asked: older pages of the same path.
    const older = await page(logbook.logid, { at: 5, before: most.entries[0]!.eid });
    expect(indexes(older)).toEqual(range(0, 100));
    expect(older.more).toBe(false);
  });

  it('is read by any reader of a public logbook, and 404 to others for a private one', async () => {
    const open = await logbookWithWell(TREE, { private: false });
    for (const client of [t.bob.client, t.server.client()]) {
      const read = await client.logbooks.entries(open.logid, { at: 2 });
      expect(read).toMatchObject({ head: 'c1000000', active: false });
    }
    const closed = await logbookWithWell(TREE);
    await expectStatus(t.bob.client.logbooks.entries(closed.logid, { at: 2 }), 404);
  });

  it('refuses an index of no entry, one out of range, and at with under', async () => {
    const logbook = await logbookWithWell(TREE);
    expect(await expectStatus(page(logbook.logid, { at: 4 }), 400)).toEqual({
      at: ['No entry of this logbook is at this index.'],
    });
    expect(await expectStatus(page(logbook.logid, { at: -1 }), 400)).toEqual({
      at: ['Ensure this value is greater than or equal to 0.'],
    });
    expect(await expectStatus(page(logbook.logid, { at: 2 ** 31 }), 400)).toEqual({
      at: ['Ensure this value is less than or equal to 2147483647.'],
    });
    expect(await expectStatus(page(logbook.logid, { at: 'one' }), 400)).toHaveProperty('at');
    expect(await expectStatus(page(logbook.logid, { at: 1.5 }), 400)).toEqual({
      at: ['A valid integer is required.'],
    });
    expect(await expectStatus(page(logbook.logid, { at: 1, under: 'a1000000' }), 400)).toEqual({
      at: ['Give either at or under, not both.'],
    });
    const empty = await logbookWithWell();
    expect(await expectStatus(page(empty.logid, { at: 0 }), 400)).toHaveProperty('at');
  });
});
