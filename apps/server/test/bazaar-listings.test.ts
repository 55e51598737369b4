import { ListingPreview } from '@caravanserai/api';
import { createLogbook, entry, expectStatus, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { branchedLogbook, publish, published, sha256, turnsOf } from './bazaar-helpers.js';

const t = useServer({ users: ['alice', 'bob'] });

/** The active path of BRANCHED with the default tags: no comment, no shell, no other branch. */
const DEFAULT_COPY = [
  ['context', 'You are a patient baker.'],
  ['query', 'How do I feed a sourdough starter?'],
  ['gen', 'Equal weights of flour and water, daily.'],
  ['code', 'feed(starter, { flour: "rye" })'],
];

const SECRET_KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
const LEAKY = [
  entry('query', 'Why does my call fail?', { qid: 'q1' }),
  entry('gen', `Your key ${SECRET_KEY} was rejected.`, { qid: 'q1' }),
  entry('query', 'Write to alice@example.com or ring +44 20 7946 0958.', { qid: 'q2' }),
];

describe('publishing a logbook', () => {
  it('makes version 1 of a listing: the active path with the default tags, the logbook unchanged', async () => {
    const logbook = await branchedLogbook(t.alice.client, { title: 'Feeding a starter' });
    const made = await publish(t.alice.client, logbook.logid, {
      summary: 'How to keep a starter alive.',
      topics: ['Baking', 'sourdough', 'baking'],
    });
    expect(made.version).toBe(1);
    expect(made.slug).toMatch(/^[a-z0-9-]+$/);
    expect(made.url).toBe(`/bazaar/${made.slug}`);

    const listing = await t.alice.client.bazaar.get(made.slug);
    expect(listing).toMatchObject({
      listing_id: made.listing_id,
      slug: made.slug,
      title: 'Feeding a starter',
      summary: 'How to keep a starter alive.',
      topics: ['baking', 'sourdough'],
      licence: 'CC-BY-4.0',
      author: { username: t.alice.username },
      caravan: null,
      version: 1,
      forks: 0,
      stars: 0,
      parent: null,
      starred: false,
      mine: true,
      source: { logid: logbook.logid, include: ['query', 'gen', 'code', 'context'] },
    });
    expect(turnsOf(listing.log)).toEqual(DEFAULT_COPY);
    expect(listing.shown).toMatchObject({ version: 1, entry_count: 4, sha256: sha256(listing.log) });
    expect(listing.versions).toEqual([listing.shown]);
    // Nothing of the author's tree travels with the copy (files: bazaar-files.test.ts).
    expect(listing.log).not.toMatch(/eid=|parent=|Throw it away/);

    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(logbook);
  });

  it('carries comments and shell output only when they are chosen', async () => {
    const logbook = await branchedLogbook(t.alice.client);
    const made = await publish(t.alice.client, logbook.logid, {
      include: ['context', 'query', 'gen', 'comment', 'shell'],
    });
    const listing = await t.bob.client.bazaar.get(made.slug);
    expect(turnsOf(listing.log)).toEqual([
      ['context', 'You are a patient baker.'],
      ['query', 'How do I feed a sourdough starter?'],
      ['gen', 'Equal weights of flour and water, daily.'],
      ['comment', 'Note to self: try rye.'],
      ['shell', 'ls ~/recipes'],
    ]);
    // What it is copied from is the author's to know.
    expect(listing).toMatchObject({ mine: false, source: null });
    expect((await t.alice.client.bazaar.get(made.slug)).source).toEqual({
      logid: logbook.logid,
      include: ['context', 'query', 'gen', 'comment', 'shell'],
    });
  });

  it('is shown to everyone, signed out too', async () => {
    const { listing } = await published(t.alice.client);
    const seen = await t.server.client().bazaar.get(listing.slug);
    expect(seen).toMatchObject({ listing_id: listing.listing_id, starred: false, mine: false, source: null });
  });

  it('needs a licence, a logbook of the caller’s and a signed-in caller', async () => {
    const listings = async () => (await t.server.client().bazaar.gallery({ author: t.alice.username })).count;
    const before = await listings();
    const logbook = await createLogbook(t.alice.client, { entries: LEAKY.slice(0, 1) });
    const noLicence = await expectStatus(
      t.alice.client.bazaar.publish({ logid: logbook.logid } as never),
      400,
    );
    expect(noLicence.licence).toBeDefined();
    const badLicence = await expectStatus(
      publish(t.alice.client, logbook.logid, { licence: 'MIT' as never }),
      400,
    );
    expect(badLicence.licence).toEqual(['Choose a licence: CC-BY-4.0, CC0-1.0, all-rights-reserved.']);

    await expectStatus(publish(t.bob.client, logbook.logid), 404);
    await expectStatus(publish(t.bob.client, 'no-such-logbook'), 404);
    const shared = await createLogbook(t.alice.client, { private: false, entries: LEAKY.slice(0, 1) });
    const refused = await publish(t.bob.client, shared.logid).catch((e: { status: number }) => e.status);
    expect([403, 404]).toContain(refused);
    await expectStatus(publish(t.server.client(), logbook.logid), 401);
    expect(await listings()).toBe(before);
  });
});

describe('the preview', () => {
  it('answers the exact copy a publish would make, and stores nothing', async () => {
    const logbook = await branchedLogbook(t.bob.client, { title: 'Bob’s starter' });
    const preview = await t.bob.client.bazaar.preview({ logid: logbook.logid, licence: 'CC0-1.0' });
    expect(preview).toMatchObject({ title: 'Bob’s starter', entry_count: 4, warnings: [] });
    expect(turnsOf(preview.log)).toEqual(DEFAULT_COPY);
    expect(preview.sha256).toBe(sha256(preview.log));
    expect((await t.server.client().bazaar.gallery({ author: t.bob.username })).count).toBe(0);

    const made = await publish(t.bob.client, logbook.logid, { licence: 'CC0-1.0' });
    const listing = await t.bob.client.bazaar.get(made.slug);
    expect(listing.log).toBe(preview.log);
    expect(listing.shown.sha256).toBe(preview.sha256);
    await expectStatus(t.alice.client.bazaar.preview({ logid: logbook.logid, licence: 'CC0-1.0' }), 404);
  });

  it('warns of API keys, e-mail addresses and phone numbers without repeating them', async () => {
    const logbook = await createLogbook(t.alice.client, { entries: LEAKY });
    const preview = ListingPreview.parse(
      await t.alice.client.bazaar.preview({ logid: logbook.logid, licence: 'CC-BY-4.0' }),
    );
    const kinds = preview.warnings.map((w) => [w.kind, w.index]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['api_key', 1],
        ['email', 2],
        ['phone', 2],
      ]),
    );
    for (const warning of preview.warnings) expect(warning.message).not.toBe('');
    const excerpts = JSON.stringify(preview.warnings);
    for (const secret of [SECRET_KEY, 'alice@example.com', '+44 20 7946 0958'])
      expect(excerpts).not.toContain(secret);
  });

  it('makes a publish refuse a copy that warns until the author confirms it', async () => {
    const logbook = await createLogbook(t.alice.client, { entries: LEAKY });
    const refused = await expectStatus(publish(t.alice.client, logbook.logid), 400);
    expect(refused.confirm).toEqual([expect.any(String)]);
    await expectStatus(publish(t.alice.client, logbook.logid, { confirm: false }), 400);
    const made = await publish(t.alice.client, logbook.logid, { confirm: true });
    expect(made.version).toBe(1);
    expect((await t.alice.client.bazaar.get(made.slug)).log).toContain(SECRET_KEY);
  });
});

describe('versions', () => {
  it('copy the logbook afresh under the same slug; each stays readable', async () => {
    const { logbook, listing } = await published(t.alice.client, { summary: 'First cut.', topics: ['rye'] });
    await t.alice.client.entries.write({ logid: logbook.logid, tag: 'query', content: 'And spelt?' });
    const second = await t.alice.client.bazaar.publishVersion(listing.listing_id, {});
    expect(second).toEqual({ ...listing, version: 2 });

    const newest = await t.server.client().bazaar.get(listing.slug);
    expect(newest).toMatchObject({
      version: 2,
      summary: 'First cut.',
      topics: ['rye'],
      licence: 'CC-BY-4.0',
    });
    expect(newest.shown.version).toBe(2);
    expect(newest.versions.map((v) => v.version).sort()).toEqual([1, 2]);
    expect(turnsOf(newest.log).at(-1)).toEqual(['query', 'And spelt?']);

    const first = await t.server.client().bazaar.getVersion(listing.slug, '1');
    expect(first.shown.version).toBe(1);
    expect(first.version).toBe(2);
    expect(first.log).not.toContain('And spelt?');
    expect(first.shown.sha256).toBe(sha256(first.log));
    expect((await t.server.client().bazaar.getVersion(listing.slug, '2')).log).toBe(newest.log);

    await expectStatus(t.server.client().bazaar.getVersion(listing.slug, '3'), 404);
    await expectStatus(t.server.client().bazaar.get('no-such-listing'), 404);
  });

  it('take new choices when given and keep the last ones otherwise', async () => {
    const { listing } = await published(t.alice.client, { summary: 'Old words.', licence: 'CC0-1.0' });
    await t.alice.client.bazaar.publishVersion(listing.listing_id, {
      summary: 'New words.',
      topics: ['spelt'],
    });
    expect(await t.alice.client.bazaar.get(listing.slug)).toMatchObject({
      summary: 'New words.',
      topics: ['spelt'],
      licence: 'CC0-1.0',
    });
  });

  it('are addressed by their content: the same copy has the same sha256', async () => {
    const entries = [entry('query', 'Same words', { qid: 'q1' }), entry('gen', 'Same answer', { qid: 'q1' })];
    const mine = await published(t.alice.client, { entries });
    const theirs = await published(t.bob.client, { entries, title: 'Another title' });
    const again = await t.alice.client.bazaar.publishVersion(mine.listing.listing_id, {});
    const [one, two] = await Promise.all([
      t.alice.client.bazaar.getVersion(mine.listing.slug, '1'),
      t.alice.client.bazaar.getVersion(mine.listing.slug, String(again.version)),
    ]);
    const other = await t.alice.client.bazaar.get(theirs.listing.slug);
    expect(two.shown.sha256).toBe(one.shown.sha256);
    expect(other.shown.sha256).toBe(one.shown.sha256);
  });

  it('are previewed from what the listing names as their source: the copy a next version makes', async () => {
    const { logbook, listing } = await published(t.alice.client);
    await t.alice.client.entries.write({ logid: logbook.logid, tag: 'gen', content: 'A later answer.' });
    const { source, summary, topics, licence } = await t.alice.client.bazaar.get(listing.slug);
    const preview = await t.alice.client.bazaar.preview({
      logid: source!.logid!,
      include: source!.include,
      summary,
      topics,
      licence,
    });
    const next = await t.alice.client.bazaar.publishVersion(listing.listing_id, {});
    const shown = await t.alice.client.bazaar.getVersion(listing.slug, String(next.version));
    expect(shown.log).toBe(preview.log);
    expect(shown.shown.sha256).toBe(preview.sha256);

    // Once the logbook is deleted, there is nothing to copy from.
    await t.alice.client.logbooks.remove(logbook.logid);
    expect((await t.alice.client.bazaar.get(listing.slug)).source).toEqual({
      logid: null,
      include: source!.include,
    });
    await expectStatus(t.alice.client.bazaar.publishVersion(listing.listing_id, {}), 409);
  });

  it('are published by the author alone, and refuse a copy that warns without confirm', async () => {
    const { logbook, listing } = await published(t.alice.client);
    const refused = await t.bob.client.bazaar.publishVersion(listing.listing_id, {}).catch((e) => e.status);
    expect([403, 404]).toContain(refused);
    await expectStatus(t.server.client().bazaar.publishVersion(listing.listing_id, {}), 401);
    await expectStatus(t.alice.client.bazaar.publishVersion('no-such-listing', {}), 404);

    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'gen',
      content: 'Mail me: alice@example.com',
    });
    const unconfirmed = await expectStatus(t.alice.client.bazaar.publishVersion(listing.listing_id, {}), 400);
    expect(unconfirmed.confirm).toBeDefined();
    expect((await t.alice.client.bazaar.get(listing.slug)).version).toBe(1);
    expect((await t.alice.client.bazaar.publishVersion(listing.listing_id, { confirm: true })).version).toBe(
      2,
    );
  });
});
