import { ApiError } from '@caravanserai/api';
import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { served, sessionOn, settle, withoutKeys } from './fake-session';

const contents = (rows: readonly { entry: { content: string } }[]) => rows.map((row) => row.entry.content);

// 0 Which road? ── 1 The northern one. ── 2 Cold up there.
//               └─ 3 The southern one. (the head: the last entry)
const branched = [
  e('query', 'Which road?', { qid: 'q1', eid: 'roadq000' }),
  e('gen', 'The northern one.', { qid: 'q1', eid: 'north000' }),
  e('comment', 'Cold up there.', { eid: 'cold0000' }),
  e('gen', 'The southern one.', { qid: 'q1', eid: 'south000', parent: 'roadq000' }),
];
const NORTH = ['Which road?', 'The northern one.', 'Cold up there.'];
const SOUTH = ['Which road?', 'The southern one.'];

describe('LogbookSession: branches', () => {
  it("shows another reader a branch they choose, read as a page, without changing the owner's", async () => {
    const { sut, server } = sessionOn(branched, 4);
    expect(contents(sut.getSnapshot().rows)).toEqual(SOUTH);
    sut.switchBranch('north000', false);
    await settle();
    expect(server.reads).toEqual([{ under: 'north000', limit: 100 }]);
    expect(contents(sut.getSnapshot().rows)).toEqual(NORTH);
    expect(sut.getSnapshot().rows[1]?.branch).toEqual({
      position: 1,
      count: 2,
      previous: null,
      next: 'south000',
    });
    expect(server.heads).toEqual([]);
    expect(sut.getSnapshot().log).toMatchObject({ version: 4, head: 'cold0000' });
    // Read again (another tab wrote), the page stays on the branch they chose.
    server.entries.push(e('comment', 'Warm down here.', { eid: 'warm0000', parent: 'south000' }));
    server.version = 5;
    sut.reload();
    await settle();
    expect(server.reads[1]).toEqual({ limit: 100, under: 'north000' });
    expect(contents(sut.getSnapshot().rows)).toEqual(NORTH);
    expect(sut.getSnapshot().log.version).toBe(5);
  });

  it("reads the owner's choice as a page, then has the server keep it as the head", async () => {
    const { sut, server } = sessionOn(branched, 4);
    sut.switchBranch('north000');
    await settle();
    expect(server.reads).toEqual([{ under: 'north000', limit: 100 }]);
    expect(server.heads).toEqual(['north000']);
    expect(contents(sut.getSnapshot().rows)).toEqual(NORTH);
    expect(sut.getSnapshot().log).toMatchObject({ version: 5, head: 'cold0000' });
    expect(withoutKeys(sut.getSnapshot().log)).toEqual(served(server));
    expect(server.announced).toEqual([5]);
    // The head is the owner's now: reading again needs no branch named.
    sut.reload();
    await settle();
    expect(server.reads[1]).toEqual({ limit: 100 });
  });

  it('reads a page again when others wrote between the page read and the head kept', async () => {
    const { sut, server } = sessionOn(branched, 4);
    const reading = server.holdReads();
    sut.switchBranch('north000');
    await settle();
    server.version += 1;
    reading();
    await settle();
    expect(server.heads).toEqual(['north000']);
    expect(server.reads).toEqual([{ under: 'north000', limit: 100 }, { limit: 100 }]);
    expect(withoutKeys(sut.getSnapshot().log)).toEqual(served(server));
    expect(sut.getSnapshot().log.version).toBe(6);
  });

  it('says why a choice was refused, and reads the newest page again', async () => {
    const { sut, server } = sessionOn(branched, 4);
    sut.switchBranch('gone0000');
    await settle();
    expect(server.failures).toEqual([expect.any(ApiError)]);
    expect(server.reads).toEqual([{ under: 'gone0000', limit: 100 }, { limit: 100 }]);
    expect(contents(sut.getSnapshot().rows)).toEqual(SOUTH);
  });

  // The page read for the choice is older than the log once this page's own write landed while it
  // was read: it is dropped, yet the head is kept and its version taken as following the log, so
  // the page shows the old branch at the server's version and nothing reads it again.
  it('shows the chosen branch even when a write of its own landed while it was read', async () => {
    const { sut, server } = sessionOn(branched, 4);
    const reading = server.holdReads();
    sut.switchBranch('north000');
    await sut.send('comment', 'Which way is warmer?');
    expect(sut.getSnapshot().log.version).toBe(5);
    reading();
    await settle();
    expect(server.heads).toEqual(['north000']);
    expect(sut.getSnapshot().log.version).toBe(server.version);
    expect(sut.getSnapshot().log.head).toBe(server.head);
  });

  it('shows a search hit on another branch from a page of its path, down to its newest entry', async () => {
    const { sut, server } = sessionOn(branched, 4);
    sut.showEntry(1, false);
    await settle();
    expect(server.reads).toEqual([{ at: 1, limit: 100 }]);
    expect(contents(sut.getSnapshot().rows)).toEqual(NORTH);
    expect(server.heads).toEqual([]);
    expect(sut.showsOtherBranch()).toBe(true);
    // An entry the path holds is shown where it is: nothing is read.
    const before = sut.getSnapshot();
    sut.showEntry(2, false);
    await settle();
    expect(sut.getSnapshot()).toBe(before);
    expect(server.reads).toHaveLength(1);
    // The reader's choice (named by the newest entry of its branch) is kept when read again.
    sut.reload();
    await settle();
    expect(server.reads[1]).toEqual({ limit: 100, under: 'cold0000' });
    expect(contents(sut.getSnapshot().rows)).toEqual(NORTH);
  });

  it('keeps the branch shown for a search hit once the reader is known to be its owner', async () => {
    const { sut, server } = sessionOn(branched, 4);
    // Opened from a link before the signed-in user was known: shown, not kept.
    sut.showEntry(1, false);
    await settle();
    expect(server.heads).toEqual([]);
    // Known to be the owner: the branch shown becomes the head, so new turns follow it.
    sut.showEntry(1, true);
    await settle();
    expect(server.heads).toEqual(['cold0000']);
    expect(server.reads).toHaveLength(1);
    expect(sut.getSnapshot().log).toMatchObject({ head: server.head, version: server.version });
    expect(sut.showsOtherBranch()).toBe(false);
  });

  it("keeps the owner's search hit on another branch as the head", async () => {
    const { sut, server } = sessionOn(branched, 4);
    sut.showEntry(2, true);
    await settle();
    expect(server.reads).toEqual([{ at: 2, limit: 100 }]);
    expect(contents(sut.getSnapshot().rows)).toEqual(NORTH);
    expect(server.heads).toEqual(['cold0000']);
    expect(withoutKeys(sut.getSnapshot().log)).toEqual(served(server));
  });

  it('shows a hit on the head’s path older than the page held on that path, and one nowhere not at all', async () => {
    // The head is on the northern road, though the southern answer under the question is newer.
    const { sut, server } = sessionOn(branched, 4, { head: 'cold0000', limit: 1 });
    expect(sut.getSnapshot().log).toMatchObject({ more: true, path: [{ index: 2 }] });
    sut.showEntry(0, true);
    await settle();
    expect(server.reads).toEqual([{ at: 0, limit: 100 }]);
    expect(contents(sut.getSnapshot().rows)).toEqual(NORTH);
    expect(sut.getSnapshot().log.more).toBe(false);
    expect(server.heads).toEqual([]);
    const before = sut.getSnapshot();
    sut.showEntry(9, true);
    await settle();
    expect(server.reads).toHaveLength(2);
    expect(sut.getSnapshot()).toBe(before);
    expect(server.failures).toEqual([]);
  });

  it('reads older pages after the first when the hit is further back than a page gives', async () => {
    const long = Array.from({ length: 1100 }, (_, i) => e(i % 2 ? 'gen' : 'query', `turn ${i}`));
    const { sut, server } = sessionOn(long, 1);
    sut.showEntry(5, false);
    await settle();
    expect(server.reads).toEqual([
      { at: 5, limit: 100 },
      { before: 'ent00100', limit: 1000 },
    ]);
    expect(sut.getSnapshot().log).toMatchObject({ more: false, before: 0 });
    expect(sut.getSnapshot().log.path).toHaveLength(1100);
    expect(sut.showsOtherBranch()).toBe(false);
  });
});
