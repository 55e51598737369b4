import { useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { gallerySlugs, published, uniqueWord } from './bazaar-helpers.js';
import { caravanWith } from './caravans-helpers.js';

// A server of its own: the gallery reads a topic sorted by forks one of two ways, chosen by how
// many listings there are and how many carry the topic, so this file counts every listing.
const t = useServer({ users: ['alice', 'bob', 'carol'] });

const anon = () => t.server.client();

describe('the gallery’s reads', () => {
  it('page through a topic sorted by forks alike, whether they sort the topic or walk the sort', async () => {
    const topic = uniqueWord();
    const shown = [];
    for (let forks = 0; forks < 5; forks++) {
      const { listing } = await published(t.alice.client, { topics: [topic] });
      for (let i = 0; i < forks; i++) await t.bob.client.bazaar.fork(listing.listing_id, {});
      shown.push(listing);
    }
    // Carrying the topic but not shown to a visitor: withdrawn, and a caravan's own.
    const withdrawn = (await published(t.alice.client, { topics: [topic] })).listing;
    await t.bob.client.bazaar.fork(withdrawn.listing_id, {});
    await t.alice.client.bazaar.withdraw(withdrawn.listing_id);
    const caravan = await caravanWith(t.alice, [t.carol]);
    const members = (await published(t.alice.client, { topics: [topic], caravan: caravan.caravan_id }))
      .listing;
    for (let i = 0; i < 9; i++) await t.carol.client.bazaar.fork(members.listing_id, {});
    // Forked most, without the topic.
    const other = (await published(t.alice.client, { topics: [uniqueWord()] })).listing;
    for (let i = 0; i < 9; i++) await t.bob.client.bazaar.fork(other.listing_id, {});

    const mostForked = shown.reverse().map((l) => l.slug);
    // 8 listings, 7 of them the topic's: a page of 24 sorts the topic's (24 × 8 > 7²); pages of
    // one walk the listings by forks ((offset + 1) × 8 <= 7²).
    const whole = await anon().bazaar.gallery({ topic, sort: 'forks' });
    expect(whole.count).toBe(5);
    expect(whole.results.map((c) => c.slug)).toEqual(mostForked);
    const oneByOne = [];
    for (let offset = 0; offset < 6; offset++)
      oneByOne.push(...(await gallerySlugs(anon(), { topic, sort: 'forks', limit: 1, offset })));
    expect(oneByOne).toEqual(mostForked);
    expect((await gallerySlugs(t.carol.client, { topic, sort: 'forks', limit: 1 }))[0]).toBe(members.slug);
  });

  it('find words and a topic together only where both are', async () => {
    const [word, topic] = [uniqueWord(), uniqueWord()];
    const both = (await published(t.alice.client, { title: `Both ${word}`, topics: [topic] })).listing;
    await published(t.alice.client, { title: `Only ${word}` });
    await published(t.alice.client, { title: 'Only the topic', topics: [topic] });
    const newer = (await published(t.bob.client, { summary: `Also ${word}.`, topics: ['x', topic] })).listing;

    const found = await anon().bazaar.gallery({ q: word, topic });
    expect(found.count).toBe(2);
    expect(found.results.map((c) => c.slug)).toEqual([newer.slug, both.slug]);
    expect(await gallerySlugs(anon(), { q: `${word} ${uniqueWord()}`, topic })).toEqual([]);
    expect(await gallerySlugs(anon(), { q: word, topic: uniqueWord() })).toEqual([]);
  });

  it('read a topic alone newest first, only what the viewer may see', async () => {
    const topic = uniqueWord();
    const caravan = await caravanWith(t.bob, [t.carol]);
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await published(t.bob.client, { topics: [topic] })).listing);
    const members = (await published(t.bob.client, { topics: [topic], caravan: caravan.caravan_id })).listing;
    const newestFirst = made.reverse().map((l) => l.slug);

    expect(await gallerySlugs(anon(), { topic })).toEqual(newestFirst);
    expect(await gallerySlugs(anon(), { topic, limit: 1, offset: 1 })).toEqual([newestFirst[1]]);
    expect(await gallerySlugs(t.carol.client, { topic })).toEqual([members.slug, ...newestFirst]);
    expect((await t.carol.client.bazaar.gallery({ topic })).count).toBe(4);
  });
});
