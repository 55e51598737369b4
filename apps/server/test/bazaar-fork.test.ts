import { Logbook } from '@caravanserai/api';
import { parseLog } from '@caravanserai/logbook';
import { createFakeWell, entriesOf, entry, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { branchedLogbook, publish, published, turnsOf } from './bazaar-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol'], fake: true });

beforeEach(() => t.fake.reset());

describe('forking a listing', () => {
  it('makes a private logbook of the forker’s holding the copy, remembering where it came from', async () => {
    const source = await branchedLogbook(t.alice.client, { title: 'Starter care' });
    const listing = await publish(t.alice.client, source.logid);
    const version = await t.alice.client.bazaar.get(listing.slug);

    const fork = Logbook.parse(await t.bob.client.bazaar.fork(listing.listing_id, {}));
    expect(fork).toMatchObject({
      title: 'Starter care',
      owner: { username: t.bob.username },
      private: true,
      forked: true,
      salted: false,
      logwell: null,
      entry_count: version.shown.entry_count,
      forked_from: {
        listing_id: listing.listing_id,
        slug: listing.slug,
        version: 1,
        author: { username: t.alice.username },
      },
    });
    expect(entriesOf(fork)).toEqual(parseLog(version.log));
    expect(turnsOf(fork.log)).toEqual(turnsOf(version.log));

    expect((await t.bob.client.logbooks.list()).map((l) => l.logid)).toContain(fork.logid);
    await expectStatus(t.alice.client.logbooks.get(fork.logid), 404);
    expect(await t.alice.client.logbooks.get(source.logid)).toEqual(source);
    expect((await t.server.client().bazaar.get(listing.slug)).forks).toBe(1);
    // Other logbooks say where they came from too: nowhere.
    expect((await t.alice.client.logbooks.get(source.logid)).forked_from).toBeNull();
  });

  it('takes an earlier version when asked, and a journal of the forker’s', async () => {
    const { logbook, listing } = await published(t.alice.client);
    await t.alice.client.entries.write({ logid: logbook.logid, tag: 'query', content: 'Later question' });
    await t.alice.client.bazaar.publishVersion(listing.listing_id, {});
    const journal = await t.bob.client.journals.create({ title: 'From the Bazaar' });

    const newest = await t.bob.client.bazaar.fork(listing.listing_id, {});
    expect(newest.forked_from?.version).toBe(2);
    expect(turnsOf(newest.log).at(-1)).toEqual(['query', 'Later question']);

    const older = await t.bob.client.bazaar.fork(listing.listing_id, { version: 1, journal: journal.jid });
    expect(older.forked_from?.version).toBe(1);
    expect(older.journal).toBe(journal.jid);
    expect(older.log).not.toContain('Later question');
    expect((await t.bob.client.bazaar.get(listing.slug)).forks).toBe(2);

    await expectStatus(t.bob.client.bazaar.fork(listing.listing_id, { version: 3 }), 404);
    await expectStatus(t.bob.client.bazaar.fork('no-such-listing', {}), 404);
  });

  it('needs a signed-in caller', async () => {
    const { listing } = await published(t.alice.client);
    await expectStatus(t.server.client().bazaar.fork(listing.listing_id, {}), 401);
    expect((await t.server.client().bazaar.get(listing.slug)).forks).toBe(0);
  });

  it('gives a logbook that asks through the forker’s own well', async () => {
    const { listing } = await published(t.alice.client);
    const fork = await t.bob.client.bazaar.fork(listing.listing_id, {});
    const well = await createFakeWell(t.bob.client, t.fake);
    await t.bob.client.logbooks.update(fork.logid, { logwell: well.wellid, memory: true });
    t.fake.enqueue({ kind: 'reply', text: 'Rye ferments fast.' });
    const answer = await t.bob.client.queries.submit({ logid: fork.logid, prompt: 'Why rye?' });
    expect(answer.data.entry.content).toBe('Rye ferments fast.');
    // The conversation the fork started from went with the question.
    expect(t.fake.requests.at(-1)?.messages?.map((m) => m.content)).toEqual([
      'Is rye good for starters?',
      'Very.',
      'Why rye?',
    ]);
    expect(turnsOf((await t.alice.client.bazaar.get(listing.slug)).log)).toHaveLength(2);
  });

  it('names the parent listing when the fork is published in turn', async () => {
    const { listing: original } = await published(t.alice.client, { title: 'Original starter' });
    const fork = await t.bob.client.bazaar.fork(original.listing_id, {});
    await t.bob.client.entries.write({ logid: fork.logid, tag: 'query', content: 'My own twist' });
    const derived = await publish(t.bob.client, fork.logid);
    const page = await t.server.client().bazaar.get(derived.slug);
    expect(page.parent).toEqual({
      listing_id: original.listing_id,
      slug: original.slug,
      title: 'Original starter',
      author: { username: t.alice.username },
    });
    expect(page.author.username).toBe(t.bob.username);
    expect((await t.server.client().bazaar.get(original.slug)).parent).toBeNull();
  });
});

describe('stars', () => {
  it('are counted once per user, shown to the starrer, and taken back', async () => {
    const { listing } = await published(t.alice.client);
    expect(await t.bob.client.bazaar.star(listing.listing_id)).toEqual({ stars: 1, starred: true });
    expect(await t.bob.client.bazaar.star(listing.listing_id)).toEqual({ stars: 1, starred: true });
    expect(await t.carol.client.bazaar.star(listing.listing_id)).toEqual({ stars: 2, starred: true });

    expect(await t.bob.client.bazaar.get(listing.slug)).toMatchObject({ stars: 2, starred: true });
    expect(await t.alice.client.bazaar.get(listing.slug)).toMatchObject({ stars: 2, starred: false });
    expect(await t.server.client().bazaar.get(listing.slug)).toMatchObject({ stars: 2, starred: false });

    expect(await t.bob.client.bazaar.unstar(listing.listing_id)).toEqual({ stars: 1, starred: false });
    expect(await t.bob.client.bazaar.unstar(listing.listing_id)).toEqual({ stars: 1, starred: false });
    expect(await t.bob.client.bazaar.get(listing.slug)).toMatchObject({ stars: 1, starred: false });
  });

  it('are refused to the author (403), to signed-out visitors (401) and for unknown listings (404)', async () => {
    const { listing } = await published(t.alice.client);
    await expectStatus(t.alice.client.bazaar.star(listing.listing_id), 403);
    await expectStatus(t.server.client().bazaar.star(listing.listing_id), 401);
    await expectStatus(t.server.client().bazaar.unstar(listing.listing_id), 401);
    await expectStatus(t.bob.client.bazaar.star('no-such-listing'), 404);
    await expectStatus(t.bob.client.bazaar.unstar('no-such-listing'), 404);
    expect((await t.server.client().bazaar.get(listing.slug)).stars).toBe(0);
  });
});

describe('stars given at the same moment', () => {
  it('are each counted, and so are their removals', async () => {
    const { listing } = await published(t.alice.client);
    const fans = await Promise.all(Array.from({ length: 12 }, (_, i) => t.server.signup(`fan${i}`)));
    await Promise.all(fans.map((fan) => fan.client.bazaar.star(listing.listing_id)));
    expect((await t.bob.client.bazaar.get(listing.slug)).stars).toBe(12);
    await Promise.all(fans.slice(0, 5).map((fan) => fan.client.bazaar.unstar(listing.listing_id)));
    expect((await t.bob.client.bazaar.get(listing.slug)).stars).toBe(7);
  });
});

describe('a fork of a fork’s listing', () => {
  it('counts on its own listing, not the grandparent’s', async () => {
    const { listing: original } = await published(t.alice.client, {
      entries: [entry('query', 'Root question', { qid: 'q1' }), entry('gen', 'Root answer', { qid: 'q1' })],
    });
    const fork = await t.bob.client.bazaar.fork(original.listing_id, {});
    const derived = await publish(t.bob.client, fork.logid);
    await t.carol.client.bazaar.fork(derived.listing_id, {});
    expect((await t.server.client().bazaar.get(derived.slug)).forks).toBe(1);
    expect((await t.server.client().bazaar.get(original.slug)).forks).toBe(1);
  });
});
