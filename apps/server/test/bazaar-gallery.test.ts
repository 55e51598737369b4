import { pathOf, routes } from '@caravanserai/api';
import { entry, expectStatus, type SignedIn, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { gallerySlugs, published, raw, uniqueWord } from './bazaar-helpers.js';
import { caravanWith } from './caravans-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol'] });

const anon = () => t.server.client();

/** A new author, so counts and orders by author see only this test's listings. */
const newAuthor = () => t.server.signup('author');

describe('the gallery', () => {
  it('is open to signed-out visitors and shows each listing as a card', async () => {
    const word = uniqueWord();
    const { listing } = await published(t.alice.client, {
      title: `Rye ${word}`,
      summary: 'A card to look at.',
      topics: ['rye'],
      licence: 'CC0-1.0',
    });
    const gallery = await anon().bazaar.gallery({ q: word });
    expect(gallery.count).toBe(1);
    const card = gallery.results[0]!;
    expect(card).toMatchObject({
      listing_id: listing.listing_id,
      slug: listing.slug,
      title: `Rye ${word}`,
      summary: 'A card to look at.',
      topics: ['rye'],
      licence: 'CC0-1.0',
      author: { username: t.alice.username },
      caravan: null,
      version: 1,
      forks: 0,
      stars: 0,
    });
    expect(Date.parse(card.published)).toBeGreaterThan(Date.now() - 600_000);
    expect(card).not.toHaveProperty('log');
  });

  it('finds words in titles, summaries and the copies’ content, but not in what was left out', async () => {
    const [inTitle, inSummary, inContent, inComment] = [
      uniqueWord(),
      uniqueWord(),
      uniqueWord(),
      uniqueWord(),
    ];
    const byTitle = await published(t.alice.client, { title: `Notes on ${inTitle}` });
    const bySummary = await published(t.alice.client, { summary: `All about ${inSummary}.` });
    const byContent = await published(t.bob.client, {
      entries: [
        entry('query', `What is ${inContent}?`, { qid: 'q1' }),
        entry('gen', 'A grain.', { qid: 'q1' }),
        entry('comment', `Private aside: ${inComment}`),
      ],
    });
    expect(await gallerySlugs(anon(), { q: inTitle })).toEqual([byTitle.listing.slug]);
    expect(await gallerySlugs(anon(), { q: inSummary })).toEqual([bySummary.listing.slug]);
    expect(await gallerySlugs(anon(), { q: inContent.toUpperCase() })).toEqual([byContent.listing.slug]);
    expect(await gallerySlugs(anon(), { q: inComment })).toEqual([]);
    // Every word must match.
    expect(await gallerySlugs(anon(), { q: `${inTitle} ${inSummary}` })).toEqual([]);
    expect((await anon().bazaar.gallery({ q: uniqueWord() })).count).toBe(0);
  });

  it('filters by topic and by author, newest first, and counts what matches', async () => {
    const author = await newAuthor();
    const topic = uniqueWord();
    const first = await published(author.client, { topics: [topic, 'bread'] });
    const second = await published(author.client, { topics: ['bread'] });
    const third = await published(author.client, { topics: [topic.toUpperCase()] });
    await published(t.alice.client, { topics: [topic] });

    const byAuthor = await anon().bazaar.gallery({ author: author.username });
    expect(byAuthor.count).toBe(3);
    expect(byAuthor.results.map((c) => c.slug)).toEqual([third, second, first].map((p) => p.listing.slug));
    expect(await gallerySlugs(anon(), { author: author.username, topic })).toEqual(
      [third, first].map((p) => p.listing.slug),
    );
    expect((await anon().bazaar.gallery({ topic })).count).toBe(3);
    expect((await anon().bazaar.gallery({ author: 'nobody-by-that-name' })).count).toBe(0);
  });

  it('pages with limit and offset', async () => {
    const author = await newAuthor();
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await published(author.client)).listing.slug);
    const newestFirst = made.reverse();
    const page = (offset: number) => anon().bazaar.gallery({ author: author.username, limit: 2, offset });
    expect(await page(0)).toMatchObject({
      count: 3,
      results: [{ slug: newestFirst[0] }, { slug: newestFirst[1] }],
    });
    expect((await page(2)).results.map((c) => c.slug)).toEqual([newestFirst[2]]);
    expect((await page(10_000)).results).toEqual([]);
  });

  it('sorts by forks and by stars', async () => {
    const author = await newAuthor();
    const fans: SignedIn[] = [t.alice, t.bob, t.carol];
    const [few, many, none] = [
      (await published(author.client)).listing,
      (await published(author.client)).listing,
      (await published(author.client)).listing,
    ];
    await t.alice.client.bazaar.fork(few!.listing_id, {});
    for (const fan of fans) await fan.client.bazaar.fork(many!.listing_id, {});
    await t.bob.client.bazaar.star(none!.listing_id);
    await t.carol.client.bazaar.star(none!.listing_id);
    await t.carol.client.bazaar.star(few!.listing_id);

    const byForks = await anon().bazaar.gallery({ author: author.username, sort: 'forks' });
    expect(byForks.results.map((c) => [c.slug, c.forks])).toEqual([
      [many!.slug, 3],
      [few!.slug, 1],
      [none!.slug, 0],
    ]);
    const byStars = await anon().bazaar.gallery({ author: author.username, sort: 'stars' });
    expect(byStars.results.map((c) => [c.slug, c.stars])).toEqual([
      [none!.slug, 2],
      [few!.slug, 1],
      [many!.slug, 0],
    ]);
  });

  it('refuses a sort it does not know and limits out of range with 400', async () => {
    const gallery = (query: Record<string, string>) =>
      raw(t.server, 'GET', pathOf(routes.bazaar.gallery, {}, query));
    expect(await gallery({ sort: 'oldest' })).toMatchObject({
      status: 400,
      body: { sort: ['Choose a sort: new, forks, stars.'] },
    });
    for (const limit of ['0', '101', 'many', '-1']) expect((await gallery({ limit })).status).toBe(400);
    for (const offset of ['-1', '10001', '1e400', 'x']) expect((await gallery({ offset })).status).toBe(400);
  });
});

describe('a caravan’s listing', () => {
  it('is seen by that caravan’s members only, in the gallery and by address', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const word = uniqueWord();
    const { listing } = await published(t.alice.client, {
      title: `Members ${word}`,
      caravan: caravan.caravan_id,
    });

    const seen = await t.bob.client.bazaar.get(listing.slug);
    expect(seen.caravan).toEqual({ caravan_id: caravan.caravan_id, name: caravan.name });
    expect(await gallerySlugs(t.bob.client, { q: word })).toEqual([listing.slug]);
    expect(await gallerySlugs(t.alice.client, { author: t.alice.username, q: word })).toEqual([listing.slug]);

    for (const outsider of [t.carol.client, anon()]) {
      await expectStatus(outsider.bazaar.get(listing.slug), 404);
      await expectStatus(outsider.bazaar.getVersion(listing.slug, '1'), 404);
      expect((await outsider.bazaar.gallery({ q: word })).count).toBe(0);
      expect(await gallerySlugs(outsider, { author: t.alice.username })).not.toContain(listing.slug);
    }
    await expectStatus(t.carol.client.bazaar.fork(listing.listing_id, {}), 404);
    await expectStatus(t.carol.client.bazaar.star(listing.listing_id), 404);
  });

  it('can be published only by a member of that caravan', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const word = uniqueWord();
    const refused = await published(t.carol.client, { title: word, caravan: caravan.caravan_id }).catch(
      (e: { status: number }) => e.status,
    );
    expect([400, 404]).toContain(refused);
    const unknown = await published(t.carol.client, { title: word, caravan: 'no-such-caravan' }).catch(
      (e: { status: number }) => e.status,
    );
    expect([400, 404]).toContain(unknown);
    expect((await t.carol.client.bazaar.gallery({ q: word })).count).toBe(0);
  });
});
