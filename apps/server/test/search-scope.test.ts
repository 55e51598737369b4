import { serializeLog } from '@caravanserai/logbook';
import { createLogbook, entry, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { logbookWith, places, search, uniqueWord } from './search-helpers.js';

const t = useServer({ users: ['alice', 'bob'] });

describe('search: whose entries', () => {
  it('finds only the signed-in user’s own logbooks, public or private, never another user’s', async () => {
    const w = uniqueWord();
    const own = await logbookWith(t.alice.client, [`${w} mine`]);
    await logbookWith(t.bob.client, [`${w} bob private`]);
    await logbookWith(t.bob.client, [`${w} bob public`], { private: false });
    await logbookWith(t.bob.client, [`${w} bob salted`], { private: false, salted: true });
    expect(places(await search(t.alice.client, w))).toEqual([`${own.logid}:0`]);
    expect((await search(t.bob.client, w)).count).toBe(3);
  });

  it('finds a caravan member’s entries for neither the leader nor the member', async () => {
    const w = uniqueWord();
    const caravan = await t.alice.client.caravans.create({ name: `Search ${w}` });
    const invite = await t.alice.client.caravans.invite(caravan.caravan_id, { username: t.bob.username });
    await t.bob.client.caravans.accept(invite.invite_id);
    await logbookWith(t.bob.client, [`${w} member's`]);
    await logbookWith(t.alice.client, [`${w} leader's`]);
    expect((await search(t.alice.client, w)).results.map((r) => r.snippet)).toEqual([`[[${w}]] leader's`]);
    expect((await search(t.bob.client, w)).results.map((r) => r.snippet)).toEqual([`[[${w}]] member's`]);
  });

  it('searches the owner’s salted logbooks, and a fork as its forker’s', async () => {
    const w = uniqueWord();
    const salted = await logbookWith(t.bob.client, [`${w} frozen`], { private: false, salted: true });
    expect(places(await search(t.bob.client, w))).toEqual([`${salted.logid}:0`]);
    const fork = await t.alice.client.logbooks.fork(salted.logid);
    expect(places(await search(t.alice.client, w))).toEqual([`${fork.logid}:0`]);
    expect(places(await search(t.bob.client, w))).toEqual([`${salted.logid}:0`]);
  });
});

describe('search: filters and pages', () => {
  it('filters by tag, journal and well', async () => {
    const w = uniqueWord();
    const journal = await t.alice.client.journals.create({ title: 'Filtered' });
    const well = await t.alice.client.wells.create({
      title: 'Filter well',
      AUTH_MODEL_KEY: 'sk-search-000000000',
      origin_loc: 'openai/gpt-4o-mini',
    });
    const filed = await logbookWith(t.alice.client, [entry('query', `${w} asked`), `${w} answered`], {
      journal: journal.jid,
    });
    const welled = await logbookWith(t.alice.client, [`${w} welled`], { logwell: well.wellid });
    expect((await search(t.alice.client, w)).count).toBe(3);
    expect(places(await search(t.alice.client, w, { tag: 'query' }))).toEqual([`${filed.logid}:0`]);
    expect(new Set(places(await search(t.alice.client, w, { journal: journal.jid })))).toEqual(
      new Set([`${filed.logid}:0`, `${filed.logid}:1`]),
    );
    expect(places(await search(t.alice.client, w, { journal: journal.jid, tag: 'gen' }))).toEqual([
      `${filed.logid}:1`,
    ]);
    expect(places(await search(t.alice.client, w, { well: well.wellid }))).toEqual([`${welled.logid}:0`]);
    expect((await search(t.alice.client, w, { tag: 'mirage' })).count).toBe(0);
    // Another user's journal or well filters to nothing; it is not a way to look inside them.
    const bobs = await t.bob.client.journals.create({ title: 'Not yours' });
    await logbookWith(t.bob.client, [`${w} in bob's journal`], { journal: bobs.jid });
    expect(await search(t.alice.client, w, { journal: bobs.jid })).toEqual({ count: 0, results: [] });
  });

  it('pages with limit and offset, counting every match', async () => {
    const w = uniqueWord();
    await logbookWith(
      t.alice.client,
      Array.from({ length: 25 }, (_, i) => `${w} number ${i}`),
    );
    const all = await search(t.alice.client, w, { limit: 100 });
    expect(all.count).toBe(25);
    expect(all.results).toHaveLength(25);
    const first = await search(t.alice.client, w, { limit: 10 });
    const third = await search(t.alice.client, w, { limit: 10, offset: 20 });
    expect(first).toMatchObject({ count: 25 });
    expect(places(first)).toEqual(places(all).slice(0, 10));
    expect(places(third)).toEqual(places(all).slice(20));
    expect(await search(t.alice.client, w, { offset: 30 })).toEqual({ count: 25, results: [] });
    // Twenty by default.
    expect((await search(t.alice.client, w)).results).toHaveLength(20);
  });
});

describe('search: the index follows every write', () => {
  it('follows appends, re-tags and blanked entries', async () => {
    const [w, v] = [uniqueWord(), uniqueWord()];
    const book = await logbookWith(t.alice.client, [`${w} first`]);
    await t.alice.client.entries.write({ logid: book.logid, tag: 'comment', content: `${w} appended` });
    expect((await search(t.alice.client, w)).count).toBe(2);
    await t.alice.client.entries.write({ logid: book.logid, tag: 'gen', index: 0, fresh_tag: 'mirage' });
    expect(places(await search(t.alice.client, w, { tag: 'mirage' }))).toEqual([`${book.logid}:0`]);
    await t.alice.client.entries.write({
      logid: book.logid,
      tag: 'comment',
      index: 1,
      content: `${v} instead`,
    });
    expect(places(await search(t.alice.client, w))).toEqual([`${book.logid}:0`]);
    expect(places(await search(t.alice.client, v))).toEqual([`${book.logid}:1`]);
  });

  it('follows a log replaced by update_log and by PUT', async () => {
    const [w, v, u] = [uniqueWord(), uniqueWord(), uniqueWord()];
    const book = await logbookWith(t.alice.client, [`${w} old`, `${w} older`]);
    await t.alice.client.logbooks.updateLog(book.logid, { log: serializeLog([entry('gen', `${v} new`)]) });
    expect((await search(t.alice.client, w)).count).toBe(0);
    expect(places(await search(t.alice.client, v))).toEqual([`${book.logid}:0`]);
    await t.alice.client.logbooks.update(book.logid, {
      title: 'Replaced',
      log: serializeLog([entry('query', `${u} a`), entry('gen', `${u} b`)]),
    });
    expect((await search(t.alice.client, v)).count).toBe(0);
    const found = await search(t.alice.client, u);
    expect(found.count).toBe(2);
    expect(found.results.map((r) => r.title)).toEqual(['Replaced', 'Replaced']);
  });

  it('forgets a deleted logbook, and keeps a deleted journal’s logbooks findable', async () => {
    const w = uniqueWord();
    const journal = await t.alice.client.journals.create({ title: 'Going away' });
    const kept = await logbookWith(t.alice.client, [`${w} kept`], { journal: journal.jid });
    const gone = await logbookWith(t.alice.client, [`${w} gone`], { journal: journal.jid });
    await t.alice.client.logbooks.remove(gone.logid);
    expect(places(await search(t.alice.client, w))).toEqual([`${kept.logid}:0`]);
    await t.alice.client.journals.remove(journal.jid);
    const found = await search(t.alice.client, w);
    expect(found.results).toMatchObject([{ logid: kept.logid, jid: null }]);
  });

  it('indexes a logbook created with a log, and a fork’s copy apart from its source', async () => {
    const w = uniqueWord();
    const source = await createLogbook(t.bob.client, {
      private: false,
      salted: true,
      entries: [entry('context', `${w} context`), entry('gen', `${w} answer`)],
    });
    const fork = await t.alice.client.logbooks.fork(source.logid);
    await t.alice.client.entries.write({ logid: fork.logid, tag: 'gen', index: 1, content: 'cleared' });
    expect(places(await search(t.alice.client, w))).toEqual([`${fork.logid}:0`]);
    expect((await search(t.bob.client, w)).count).toBe(2);
    await t.bob.client.logbooks.update(source.logid, { salted: false });
    await t.bob.client.logbooks.remove(source.logid);
    expect((await search(t.bob.client, w)).count).toBe(0);
    expect(places(await search(t.alice.client, w))).toEqual([`${fork.logid}:0`]);
  });
});
