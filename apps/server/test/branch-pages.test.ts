import { serializeLog } from '@caravanserai/logbook';
import { documentOf, entry, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { askTwice, branchedLogbooks, turns } from './branch-helpers.js';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

const logbookWithWell = (...args: Parameters<ReturnType<typeof branchedLogbooks>>) =>
  branchedLogbooks(t.alice.client, t.fake)(...args);
const page = (logid: string, query = {}) => t.alice.client.logbooks.entries(logid, query);

describe('the active path a page at a time', () => {
  const LONG = Array.from({ length: 250 }, (_, i) => entry(i % 2 ? 'gen' : 'query', `turn ${i}`));

  it('reads the newest turns first, then older ones before a given entry', async () => {
    const logbook = await logbookWithWell(LONG);
    const newest = await page(logbook.logid);
    expect(newest).toMatchObject({ version: logbook.version, total: 250, more: true });
    expect(newest.entries.map((e) => e.index)).toEqual(Array.from({ length: 100 }, (_, i) => 150 + i));
    expect(newest.head).toBe(newest.entries.at(-1)?.eid);

    const older = await page(logbook.logid, { before: newest.entries[0]!.eid, limit: 120 });
    expect(older.entries.map((e) => e.index)).toEqual(Array.from({ length: 120 }, (_, i) => 30 + i));
    expect(older.more).toBe(true);
    const oldest = await page(logbook.logid, { before: older.entries[0]!.eid, limit: 1000 });
    expect(oldest.entries.map((e) => e.index)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(oldest.more).toBe(false);
  });

  it('pages through the whole document with all=1, every branch included', async () => {
    const logbook = await logbookWithWell([
      entry('query', 'Q', { eid: 'q0000000' }),
      entry('gen', 'A1', { eid: 'a1000000' }),
      entry('gen', 'A2', { eid: 'a2000000', parent: 'q0000000' }),
    ]);
    expect(turns(await page(logbook.logid))).toEqual([
      ['query', 'Q'],
      ['gen', 'A2'],
    ]);
    const all = await page(logbook.logid, { all: '1', limit: 2 });
    expect(all).toMatchObject({ total: 3, more: true });
    expect(all.entries.map((e) => [e.eid, e.parent, e.siblings])).toEqual([
      ['a1000000', 'q0000000', ['a1000000', 'a2000000']],
      ['a2000000', 'q0000000', ['a1000000', 'a2000000']],
    ]);
  });

  it('is read by whoever may read the logbook, and refused to others', async () => {
    const open = await logbookWithWell(LONG.slice(0, 3), { private: false });
    const signedOut = await t.server.client().logbooks.entries(open.logid, {});
    expect(signedOut.entries).toHaveLength(3);
    const closed = await logbookWithWell(LONG.slice(0, 3));
    await expectStatus(t.bob.client.logbooks.entries(closed.logid, {}), 404);
    await expectStatus(t.bob.client.logbooks.head(open.logid, { eid: signedOut.head! }), 403);
  });

  it('refuses a limit out of range and an eid of no entry', async () => {
    const logbook = await logbookWithWell(LONG.slice(0, 3));
    expect(await expectStatus(page(logbook.logid, { limit: 1001 }), 400)).toEqual({
      limit: ['Ensure this value is less than or equal to 1000.'],
    });
    expect(await expectStatus(page(logbook.logid, { before: 'zzzzzzzz' }), 400)).toEqual({
      before: ['No entry of this logbook has this eid.'],
    });
    await expectStatus(t.alice.client.logbooks.head(logbook.logid, { eid: 'zzzzzzzz' }), 400);
    await expectStatus(t.alice.client.logbooks.head(logbook.logid, { eid: 'NOT AN EID' }), 400);
    expect((await t.alice.client.logbooks.get(logbook.logid)).version).toBe(logbook.version);
  });

  it('is empty for an empty logbook', async () => {
    const logbook = await logbookWithWell();
    expect(await page(logbook.logid)).toEqual({
      version: logbook.version,
      head: null,
      total: 0,
      entries: [],
      more: false,
    });
  });
});

describe('the page of another branch (under=EID)', () => {
  // The head is on A2; A1 has an answer of its own, written before A2.
  const TREE = [
    entry('query', 'Q', { eid: 'q0000000' }),
    entry('gen', 'A1', { eid: 'a1000000' }),
    entry('comment', 'On A1', { eid: 'c1000000' }),
    entry('gen', 'A2', { eid: 'a2000000', parent: 'q0000000' }),
  ];

  it('ends at the newest entry under the one named, leaving the head where it is', async () => {
    const logbook = await logbookWithWell(TREE);
    const under = await page(logbook.logid, { under: 'a1000000' });
    expect(turns(under)).toEqual([
      ['query', 'Q'],
      ['gen', 'A1'],
      ['comment', 'On A1'],
    ]);
    expect(under).toMatchObject({ version: logbook.version, head: 'c1000000', total: 3, more: false });
    expect(under.entries[1]?.siblings).toEqual(['a1000000', 'a2000000']);
    expect(turns(await page(logbook.logid, { under: 'q0000000' }))).toEqual([
      ['query', 'Q'],
      ['gen', 'A2'],
    ]);
    expect((await page(logbook.logid, { under: 'c1000000' })).head).toBe('c1000000');
    // Older entries of that branch, a page at a time.
    const last = await page(logbook.logid, { under: 'a1000000', limit: 1 });
    expect(last).toMatchObject({ head: 'c1000000', total: 3, more: true });
    const older = await page(logbook.logid, { under: 'a1000000', before: last.entries[0]!.eid });
    expect(older.entries.map((e) => e.eid)).toEqual(['q0000000', 'a1000000']);
    expect(older.more).toBe(false);

    const got = await t.alice.client.logbooks.get(logbook.logid);
    expect(got).toMatchObject({ head: 'a2000000', version: logbook.version });
    expect(await page(logbook.logid)).toMatchObject({ head: 'a2000000', total: 2 });
  });

  it('is read by any reader of a public logbook, and 404 to others for a private one', async () => {
    const open = await logbookWithWell(TREE, { private: false });
    for (const client of [t.bob.client, t.server.client()]) {
      const under = await client.logbooks.entries(open.logid, { under: 'a1000000' });
      expect(under.head).toBe('c1000000');
      expect(under.entries.map((e) => e.eid)).toEqual(['q0000000', 'a1000000', 'c1000000']);
    }
    expect(await t.alice.client.logbooks.get(open.logid)).toMatchObject({
      head: 'a2000000',
      version: open.version,
    });
    const closed = await logbookWithWell(TREE);
    await expectStatus(t.bob.client.logbooks.entries(closed.logid, { under: 'a1000000' }), 404);
  });

  it('refuses an eid of no entry of this logbook, and a malformed one', async () => {
    const logbook = await logbookWithWell(TREE);
    const other = await logbookWithWell([entry('query', 'Elsewhere', { eid: 'e0000000' })]);
    for (const eid of ['zzzzzzzz', 'e0000000'])
      expect(await expectStatus(page(logbook.logid, { under: eid }), 400)).toEqual({
        under: ['No entry of this logbook has this eid.'],
      });
    expect(await expectStatus(page(logbook.logid, { under: 'NOT AN EID' }), 400)).toHaveProperty('under');
    expect((await page(other.logid)).head).toBe('e0000000');
  });
});

describe('siblings', () => {
  it('leave out a deleted (blank) entry: a regenerated answer whose old one was deleted has one', async () => {
    const logbook = await logbookWithWell();
    const { first, second } = await askTwice(t.alice.client, t.fake, logbook.logid);
    const [firstEid, secondEid] = [first.data.entry.attrs.eid, second.data.entry.attrs.eid];
    expect((await page(logbook.logid)).entries[1]?.siblings).toEqual([firstEid, secondEid]);

    await t.alice.client.entries.write({ logid: logbook.logid, tag: 'gen', index: 1, content: '' });
    const now = await page(logbook.logid);
    expect(turns(now)).toEqual([
      ['query', 'Tell me'],
      ['gen', 'Second answer.'],
    ]);
    expect(now.entries[1]).toMatchObject({ eid: secondEid, siblings: [secondEid] });
    const all = await page(logbook.logid, { all: '1' });
    expect(all.entries.find((e) => e.eid === secondEid)?.siblings).toEqual([secondEid]);
  });
});

describe('writes on a branched logbook', () => {
  const BRANCHED = [
    entry('query', 'Q', { eid: 'q0000000' }),
    entry('gen', 'A1', { eid: 'a1000000' }),
    entry('gen', 'A2', { eid: 'a2000000', parent: 'q0000000' }),
  ];

  it('appends to the chosen branch, naming it as parent, and moves the head there', async () => {
    const logbook = await logbookWithWell(BRANCHED);
    await t.alice.client.logbooks.head(logbook.logid, { eid: 'a1000000' });
    const written = await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'comment',
      content: 'On A1',
    });
    const document = documentOf(await t.alice.client.logbooks.get(logbook.logid));
    expect(document[written.index]?.attrs.parent).toBe('a1000000');
    expect(turns(await page(logbook.logid))).toEqual([
      ['query', 'Q'],
      ['gen', 'A1'],
      ['comment', 'On A1'],
    ]);
  });

  it('keeps the head on its branch when the whole log is written back with more on it', async () => {
    const logbook = await logbookWithWell(BRANCHED);
    await t.alice.client.logbooks.head(logbook.logid, { eid: 'a1000000' });
    const grown = [...BRANCHED, entry('comment', 'On A1 too', { eid: 'c0000000', parent: 'a1000000' })];
    const written = await t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(grown) });
    expect(written.head).toBe('c0000000');
    const shrunk = await t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(BRANCHED) });
    expect(shrunk.head).toBe('a2000000');
  });

  it('refuses a log that is not a tree, and changes nothing', async () => {
    const logbook = await logbookWithWell(BRANCHED);
    const broken = [...BRANCHED, entry('comment', 'Lost', { parent: 'nothere0' })];
    expect(
      await expectStatus(
        t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(broken) }),
        400,
      ),
    ).toEqual({ log: ['Entry 3: parent "nothere0" names no entry before it.'] });
    const twice = [...BRANCHED, entry('comment', 'Again', { eid: 'q0000000' })];
    expect(
      await expectStatus(t.alice.client.logbooks.updateLog(logbook.logid, { log: serializeLog(twice) }), 400),
    ).toEqual({ log: ['Entry 3: eid "q0000000" is also the eid of entry 0.'] });
    expect((await t.alice.client.logbooks.get(logbook.logid)).version).toBe(logbook.version);
  });

  it("refuses an append naming a taken eid or an unknown parent, and a re-tag changing an entry's eid", async () => {
    const logbook = await logbookWithWell(BRANCHED);
    const write = (attrs: Record<string, string>) =>
      t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment', content: 'x', attrs });
    expect(await expectStatus(write({ eid: 'q0000000' }), 400)).toEqual({
      attrs: ['eid "q0000000" is already taken.'],
    });
    expect(await expectStatus(write({ parent: 'nothere0' }), 400)).toEqual({
      attrs: ['parent "nothere0" names no entry before it.'],
    });
    expect(
      await expectStatus(
        t.alice.client.entries.write({
          logid: logbook.logid,
          tag: 'gen',
          index: 1,
          attrs: { eid: 'b1000000' },
        }),
        400,
      ),
    ).toEqual({ attrs: ["An entry's eid cannot be changed."] });
    // A re-tag that leaves the eid out keeps it.
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'gen',
      index: 1,
      attrs: { note: 'kept' },
    });
    const document = documentOf(await t.alice.client.logbooks.get(logbook.logid));
    expect(document[1]?.attrs).toEqual({ note: 'kept', eid: 'a1000000' });
    expect(document).toHaveLength(3);
  });

  it('forks keep the tree and the head', async () => {
    const logbook = await logbookWithWell(BRANCHED);
    await t.alice.client.logbooks.head(logbook.logid, { eid: 'a1000000' });
    await t.alice.client.logbooks.update(logbook.logid, { salted: true, private: false });
    const fork = await t.bob.client.logbooks.fork(logbook.logid);
    expect(fork.head).toBe('a1000000');
    expect(turns(await t.bob.client.logbooks.entries(fork.logid, {}))).toEqual([
      ['query', 'Q'],
      ['gen', 'A1'],
    ]);
  });
});
