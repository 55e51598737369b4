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
    expect(server.logbookReads).toBe(0);
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

  it('shows a search hit on another branch from the whole logbook, down to its newest entry', async () => {
    const { sut, server } = sessionOn(branched, 4);
    sut.showEntry(1, false);
    await settle();
    expect(server.logbookReads).toBe(1);
    expect(server.reads).toEqual([]);
    expect(contents(sut.getSnapshot().rows)).toEqual(NORTH);
    expect(server.heads).toEqual([]);
    // An entry the path holds is shown where it is: nothing is read.
    const before = sut.getSnapshot();
    sut.showEntry(2, false);
    await settle();
    expect(sut.getSnapshot()).toBe(before);
    expect(server.logbookReads).toBe(1);
    // The reader's choice is kept when the page is read again.
    sut.reload();
    await settle();
    expect(server.reads).toEqual([{ limit: 100, under: 'north000' }]);
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
    expect(server.heads).toEqual(['north000']);
    expect(sut.getSnapshot().log).toMatchObject({ head: server.head, version: server.version });
    expect(sut.showsOtherBranch()).toBe(false);
  });

  it("keeps the owner's search hit on another branch as the head", async () => {
    const { sut, server } = sessionOn(branched, 4);
    sut.showEntry(2, true);
    await settle();
    expect(contents(sut.getSnapshot().rows)).toEqual(NORTH);
    expect(server.heads).toEqual(['cold0000']);
    expect(withoutKeys(sut.getSnapshot().log)).toEqual(served(server));
  });

  it('shows a hit on the head’s path older than the page held, whole, and one nowhere not at all', async () => {
    const { sut, server } = sessionOn(branched, 4, { limit: 1 });
    expect(sut.getSnapshot().log).toMatchObject({ more: true, path: [{ index: 3 }] });
    sut.showEntry(0, true);
    await settle();
    expect(contents(sut.getSnapshot().rows)).toEqual(SOUTH);
    expect(sut.getSnapshot().log.more).toBe(false);
    expect(server.heads).toEqual([]);
    const before = sut.getSnapshot();
    sut.showEntry(9, true);
    await settle();
    expect(server.logbookReads).toBe(2);
    expect(sut.getSnapshot()).toBe(before);
    expect(server.failures).toEqual([]);
  });
});

/** `count` comments, oldest first. */
const notes = (count: number) => Array.from({ length: count }, (_, i) => e('comment', `Note ${i}`));

describe('LogbookSession: paging', () => {
  it('reads the page before the first entry held, and puts it before them', async () => {
    const { sut, server } = sessionOn(notes(5), 4, { limit: 2 });
    const newest = sut.getSnapshot();
    expect(newest.log).toMatchObject({ more: true, before: 3 });
    expect(contents(newest.rows)).toEqual(['Note 3', 'Note 4']);
    sut.loadOlder();
    expect(sut.getSnapshot().loadingOlder).toBe(true);
    expect(server.reads).toEqual([{ before: 'ent00003', limit: 100 }]);
    await settle();
    const { log, rows, loadingOlder } = sut.getSnapshot();
    expect(loadingOlder).toBe(false);
    expect(contents(rows)).toEqual(['Note 0', 'Note 1', 'Note 2', 'Note 3', 'Note 4']);
    expect(rows.slice(3)).toEqual(newest.rows);
    expect(rows[3]).toBe(newest.rows[0]);
    expect(withoutKeys(log)).toEqual(served(server));
    // The whole path is held: there is nothing older to read.
    sut.loadOlder();
    expect(server.reads).toHaveLength(1);
  });

  it('reads one older page at a time', async () => {
    const { sut, server } = sessionOn(notes(5), 4, { limit: 2 });
    const reading = server.holdReads();
    sut.loadOlder();
    sut.loadOlder();
    expect(server.reads).toHaveLength(1);
    reading();
    await settle();
    expect(sut.getSnapshot().log.path).toHaveLength(5);
  });

  // readOlder() takes the log for withOlder() before it awaits the page, so a newer log received
  // meanwhile is replaced by the older one with the page put before it.
  it('reads the newest page again when the log changed while an older page was read', async () => {
    const { sut, server } = sessionOn(notes(5), 4, { limit: 2 });
    const reading = server.holdReads();
    sut.loadOlder();
    server.entries.push(e('comment', 'Note 5', { eid: 'ent00005' }));
    server.version = 5;
    sut.receive(server.page({ limit: 2 }), 2);
    reading();
    await settle();
    expect(server.reads).toEqual([{ before: 'ent00003', limit: 100 }, { limit: 100 }]);
    expect(contents(sut.getSnapshot().rows)).toEqual([
      'Note 0',
      'Note 1',
      'Note 2',
      'Note 3',
      'Note 4',
      'Note 5',
    ]);
    expect(sut.getSnapshot().loadingOlder).toBe(false);
  });

  it('reads up to the first entry, a thousand at a time, when the reader asks for the start', async () => {
    const { sut, server } = sessionOn(notes(2_100), 4);
    await sut.loadToStart();
    expect(server.reads).toEqual([
      { before: 'ent02000', limit: 1_000 },
      { before: 'ent01000', limit: 1_000 },
    ]);
    expect(sut.getSnapshot().log).toMatchObject({ more: false, before: 0, path: { length: 2_100 } });
    expect(sut.getSnapshot().loadingOlder).toBe(false);
    await sut.loadToStart();
    expect(server.reads).toHaveLength(2);
  });

  it('stops reading up to the start when a page does not fit before the path held', async () => {
    const { sut, server } = sessionOn(notes(2_100), 4);
    server.version = 5;
    await sut.loadToStart();
    // Read once, found to be of another version: the newest page is read again instead.
    expect(server.reads).toEqual([{ before: 'ent02000', limit: 1_000 }, { limit: 100 }]);
  });

  it('stops loading when the older page cannot be read', async () => {
    const { sut, server } = sessionOn(notes(5), 4, { limit: 2 });
    // The whole log was written again elsewhere: the first entry held is gone.
    server.entries = notes(2).map((entry, i) => ({ ...entry, attrs: { eid: `other00${i}` } }));
    sut.loadOlder();
    await settle();
    expect(sut.getSnapshot().loadingOlder).toBe(false);
    expect(contents(sut.getSnapshot().rows)).toEqual(['Note 3', 'Note 4']);
    expect(server.reads).toHaveLength(1);
  });

  it('reads again about as many entries as it holds: at least a page, at most a thousand', async () => {
    const few = sessionOn(notes(3), 4);
    few.sut.reload();
    const some = sessionOn(notes(150), 4, { limit: 150 });
    some.sut.reload();
    const many = sessionOn(notes(1_100), 4, { limit: 1_000 });
    many.sut.loadOlder();
    await settle();
    expect(many.sut.getSnapshot().log).toMatchObject({ more: false, path: { length: 1_100 } });
    many.sut.reload();
    expect([few, some, many].map(({ server }) => server.reads.at(-1))).toEqual([
      { limit: 100 },
      { limit: 150 },
      { limit: 1_000 },
    ]);
  });
});

describe('LogbookSession: reading again', () => {
  it("shows the head's branch when the branch a reader chose is gone", async () => {
    const { sut, server } = sessionOn(branched, 4);
    sut.switchBranch('north000', false);
    await settle();
    expect(contents(sut.getSnapshot().rows)).toEqual(NORTH);
    // The owner writes the log again without that branch: its eids are gone.
    server.entries.splice(1, 2);
    server.version = 5;
    sut.reload();
    await settle();
    expect(server.reads.slice(1)).toEqual([{ limit: 100, under: 'north000' }, { limit: 100 }]);
    expect(contents(sut.getSnapshot().rows)).toEqual(SOUTH);
    expect(sut.showsOtherBranch()).toBe(false);
  });

  it('reads up to the start after the older page already being read, and stops when the page is left', async () => {
    const { sut, server } = sessionOn(notes(150), 4, { limit: 1 });
    const reading = server.holdReads();
    sut.loadOlder();
    const toStart = sut.loadToStart();
    reading();
    await toStart;
    expect(server.reads).toEqual([
      { before: 'ent00149', limit: 100 },
      { before: 'ent00049', limit: 1000 },
    ]);
    expect(sut.getSnapshot().log).toMatchObject({ more: false, before: 0 });
    expect(contents(sut.getSnapshot().rows)).toHaveLength(150);

    const left = sessionOn(notes(5), 4, { limit: 1 });
    left.sut.dispose();
    await left.sut.loadToStart();
    expect(left.server.reads).toEqual([]);
  });
});
