import { Tombstone } from '@caravanserai/api';
import { entriesOf, expectStatus, type SignedIn, useServer } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMINS, registerNamed } from './admin-helpers.js';
import { gallerySlugs, published, uniqueWord } from './bazaar-helpers.js';

const t = useServer({ users: ['alice', 'bob'], overrides: { adminUsernames: ADMINS } });

let root: SignedIn;
beforeAll(async () => {
  root = await registerNamed(t.server, 'root');
});

const anon = () => t.server.client();

/** The 410 body of a listing, checked against the contract's tombstone. */
async function tombstoneOf(promise: Promise<unknown>) {
  return Tombstone.parse(await expectStatus(promise, 410));
}

describe('withdrawing a listing', () => {
  it('leaves a tombstone at every address, takes it out of the gallery, and refuses forks', async () => {
    const word = uniqueWord();
    const { listing } = await published(t.alice.client, { title: `Withdrawn ${word}` });
    const earlierFork = await t.bob.client.bazaar.fork(listing.listing_id, {});
    await t.alice.client.bazaar.publishVersion(listing.listing_id, {});

    await t.alice.client.bazaar.withdraw(listing.listing_id);

    for (const client of [anon(), t.bob.client, t.alice.client]) {
      // Each asked only once the one before is answered: a refusal not yet awaited would be unhandled.
      for (const call of [
        () => client.bazaar.get(listing.slug),
        () => client.bazaar.getVersion(listing.slug, '1'),
      ]) {
        const body = await tombstoneOf(call());
        expect(body).toMatchObject({
          detail: 'This listing was withdrawn by its author.',
          code: 'gone',
          tombstone: { title: `Withdrawn ${word}`, author: { username: t.alice.username } },
        });
        expect(Date.parse(body.tombstone.date)).toBeGreaterThan(Date.now() - 600_000);
        expect(JSON.stringify(body)).not.toContain('Very.');
      }
    }
    expect(await gallerySlugs(anon(), { q: word })).toEqual([]);
    expect(await gallerySlugs(anon(), { author: t.alice.username })).not.toContain(listing.slug);

    await tombstoneOf(t.bob.client.bazaar.fork(listing.listing_id, {}));
    await tombstoneOf(t.bob.client.bazaar.star(listing.listing_id));
    await tombstoneOf(t.alice.client.bazaar.publishVersion(listing.listing_id, {}));
    await tombstoneOf(t.alice.client.bazaar.withdraw(listing.listing_id));

    // The fork made before is still its owner's, whole.
    const kept = await t.bob.client.logbooks.get(earlierFork.logid);
    expect(entriesOf(kept)).toEqual(entriesOf(earlierFork));
    expect(kept.forked_from).toEqual(earlierFork.forked_from);
  });

  it('is the author’s alone', async () => {
    const { listing } = await published(t.alice.client);
    const refused = await t.bob.client.bazaar
      .withdraw(listing.listing_id)
      .catch((e: { status: number }) => e.status);
    expect([403, 404]).toContain(refused);
    await expectStatus(anon().bazaar.withdraw(listing.listing_id), 401);
    await expectStatus(root.client.bazaar.withdraw('no-such-listing'), 404);
    expect((await anon().bazaar.get(listing.slug)).listing_id).toBe(listing.listing_id);
  });
});

describe('reports', () => {
  it('are made by signed-in users with a reason, and listed for administrators alone', async () => {
    const { listing } = await published(t.alice.client, { title: 'Reported one' });
    const { report_id } = await t.bob.client.bazaar.report(listing.listing_id, {
      reason: 'Copied from my blog.',
    });
    expect(report_id).toMatch(/^[A-Za-z0-9_-]+$/);

    const reports = await root.client.bazaar.reports();
    expect(reports.find((r) => r.report_id === report_id)).toMatchObject({
      listing: {
        listing_id: listing.listing_id,
        slug: listing.slug,
        title: 'Reported one',
        author: { username: t.alice.username },
        hidden: false,
        withdrawn: false,
      },
      reporter: { username: t.bob.username },
      reason: 'Copied from my blog.',
    });

    await expectStatus(t.bob.client.bazaar.reports(), 403);
    await expectStatus(t.alice.client.bazaar.reports(), 403);
    await expectStatus(anon().bazaar.reports(), 401);
  });

  it('need a reason, a signed-in reporter and a listing that exists', async () => {
    const { listing } = await published(t.alice.client);
    for (const reason of ['', '   \n ']) {
      const body = await expectStatus(t.bob.client.bazaar.report(listing.listing_id, { reason }), 400);
      expect(body.reason).toEqual([expect.any(String)]);
    }
    await expectStatus(t.bob.client.bazaar.report(listing.listing_id, {} as never), 400);
    await expectStatus(anon().bazaar.report(listing.listing_id, { reason: 'Spam.' }), 401);
    await expectStatus(t.bob.client.bazaar.report('no-such-listing', { reason: 'Spam.' }), 404);
    const listed = await root.client.bazaar.reports();
    expect(listed.filter((r) => r.listing.listing_id === listing.listing_id)).toEqual([]);
  });

  it('of a withdrawn listing are refused with 410', async () => {
    const { listing } = await published(t.alice.client);
    await t.alice.client.bazaar.withdraw(listing.listing_id);
    await tombstoneOf(t.bob.client.bazaar.report(listing.listing_id, { reason: 'Spam.' }));
  });
});

describe('moderators hiding a listing', () => {
  it('answer 410 "Removed by the moderators." until they show it again', async () => {
    const word = uniqueWord();
    const { listing } = await published(t.alice.client, { title: `Hidden ${word}` });
    const { report_id } = await t.bob.client.bazaar.report(listing.listing_id, { reason: 'Rude.' });

    await root.client.bazaar.moderate(listing.listing_id, { hidden: true });
    for (const client of [anon(), t.bob.client, t.alice.client]) {
      const body = await tombstoneOf(client.bazaar.get(listing.slug));
      expect(body).toMatchObject({
        detail: 'Removed by the moderators.',
        code: 'gone',
        tombstone: { title: `Hidden ${word}`, author: { username: t.alice.username } },
      });
      await tombstoneOf(client.bazaar.getVersion(listing.slug, '1'));
    }
    expect(await gallerySlugs(anon(), { q: word })).toEqual([]);
    await tombstoneOf(t.bob.client.bazaar.fork(listing.listing_id, {}));
    const reports = await root.client.bazaar.reports();
    expect(reports.find((r) => r.report_id === report_id)?.listing.hidden).toBe(true);

    await root.client.bazaar.moderate(listing.listing_id, { hidden: false });
    expect((await anon().bazaar.get(listing.slug)).title).toBe(`Hidden ${word}`);
    expect(await gallerySlugs(anon(), { q: word })).toEqual([listing.slug]);
  });

  it('is for administrators alone', async () => {
    const { listing } = await published(t.alice.client);
    await expectStatus(t.alice.client.bazaar.moderate(listing.listing_id, { hidden: true }), 403);
    await expectStatus(t.bob.client.bazaar.moderate(listing.listing_id, { hidden: true }), 403);
    await expectStatus(anon().bazaar.moderate(listing.listing_id, { hidden: true }), 401);
    await expectStatus(root.client.bazaar.moderate('no-such-listing', { hidden: true }), 404);
    await expectStatus(root.client.bazaar.moderate(listing.listing_id, {} as never), 400);
    expect((await anon().bazaar.get(listing.slug)).listing_id).toBe(listing.listing_id);
  });
});
