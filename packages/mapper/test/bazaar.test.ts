import type { ApiClient, Published } from '@caravanserai/api';
import { createLogbook, entry } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeMapper, mapperFor } from './support/fake-mapper.js';
import { useHarness } from './support/harness.js';

const h = useHarness(['alice', 'bob']);

/** A new logbook of the client's with a question and its answer, published to everyone. */
async function publish(
  client: ApiClient,
  title: string,
  answer: string,
  choices: { topics?: string[] } = {},
): Promise<Published> {
  const logbook = await createLogbook(client, {
    title,
    entries: [entry('query', `Tell me about ${title}`, { qid: 'q1' }), entry('gen', answer, { qid: 'q1' })],
  });
  return client.bazaar.publish({ logid: logbook.logid, licence: 'CC0-1.0', ...choices });
}

/** Where `text` starts in each line: equal for columns that line up. */
const columnsOf = (lines: readonly string[], text: string) => lines.map((line) => line.indexOf(text));

describe('bazaar find', () => {
  let starter: Published;
  let rye: Published;
  let crumb: Published;

  beforeAll(async () => {
    starter = await publish(h.alice.client, 'Sourdough starter', 'Feed the starter daily.', {
      topics: ['baking'],
    });
    rye = await publish(h.alice.client, 'Rye sourdough', 'Rye ferments fast.', { topics: ['baking'] });
    crumb = await publish(h.bob.client, 'Open crumb', 'Wet doughs give an open crumb.', {
      topics: ['bread'],
    });
    await h.bob.client.bazaar.star(rye.listing_id);
  });

  it('lists the matching listings, one a line, the columns aligned', async () => {
    const lines = await mapperFor(h.bob).lines('bazaar find sourdough');
    expect(lines[0]).toBe('2 listings:');
    const rows = lines.slice(1);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.split(/\s{2,}/))).toEqual(
      expect.arrayContaining([
        [starter.slug, 'v1', '0 forks', '0 stars', h.alice.username, 'Sourdough starter'],
        [rye.slug, 'v1', '0 forks', '1 star', h.alice.username, 'Rye sourdough'],
      ]),
    );
    expect(new Set(columnsOf(rows, ' v1 ')).size).toBe(1);
    expect(new Set(columnsOf(rows, ` ${h.alice.username} `)).size).toBe(1);
  });

  it('searches a quoted group of words as a phrase', async () => {
    const t = mapperFor(h.bob);
    expect((await t.lines('bazaar find "open crumb"'))[1]).toContain(crumb.slug);
    expect(await t.lines('bazaar find "crumb open"')).toEqual(['No listings found.']);
  });

  it('narrows by topic and author, sorts, and shows N', async () => {
    const t = mapperFor(h.bob);
    const slugsOf = (lines: string[]) => lines.slice(1).map((line) => line.split(' ')[0]);
    expect(slugsOf(await t.lines('bazaar find'))).toEqual([crumb.slug, rye.slug, starter.slug]);
    expect(slugsOf(await t.lines('bazaar find --topic baking'))).toEqual([rye.slug, starter.slug]);
    expect(slugsOf(await t.lines(`bazaar find --author ${h.bob.username}`))).toEqual([crumb.slug]);
    expect(slugsOf(await t.lines('bazaar find --topic baking --sort stars'))[0]).toBe(rye.slug);
    expect(slugsOf(await t.lines('bazaar find sourdough --author nobody'))).toEqual([]);
    const one = await t.lines('bazaar find -n 1');
    expect(one).toEqual([
      '3 listings, first 1 shown:',
      expect.stringMatching(new RegExp(`^${crumb.slug}\\s`)),
    ]);
  });

  it('says when nothing matches, signed in or not', async () => {
    expect(await mapperFor(h.alice).lines('bazaar find lighthouse')).toEqual(['No listings found.']);
    const anonymous = new FakeMapper(h.server.client(), null);
    expect((await anonymous.lines('bazaar find open crumb'))[0]).toBe('1 listing:');
  });

  it('explains what it cannot run', async () => {
    const t = mapperFor(h.bob);
    expect(await t.lines('bazaar find x -n 0')).toEqual([
      'Error: bazaar find -n takes a number from 1 to 100: 0',
      'Usage: bazaar find [WORDS...] [--topic T] [--author NAME] [--sort new|forks|stars] [-n N]',
    ]);
    expect((await t.lines('bazaar find x --sort best'))[0]).toBe(
      "Error: Unknown sort 'best'. Sorts: new, forks, stars.",
    );
    expect((await t.lines('bazaar find x --version 2'))[0]).toBe('Error: --version is not for bazaar find.');
  });
});

describe('bazaar fork', () => {
  let listing: Published;

  beforeAll(async () => {
    listing = await publish(h.alice.client, 'Starter care', 'Keep it warm.');
  });

  it("makes a private logbook of the user's from the newest version, and says which", async () => {
    const lines = await mapperFor(h.bob).lines(`bazaar fork ${listing.slug}`);
    const forks = (await h.bob.client.logbooks.list()).filter((l) => l.title === 'Starter care');
    expect(forks).toHaveLength(1);
    const logid = forks[0]!.logid;
    expect(lines).toEqual([`Forked ${listing.slug} v1 into ${logid}: Starter care`]);
    const fork = await h.bob.client.logbooks.get(logid);
    expect(fork).toMatchObject({
      private: true,
      forked: true,
      forked_from: { listing_id: listing.listing_id, slug: listing.slug, version: 1 },
    });
    expect(fork.log).toContain('Keep it warm.');
    expect((await mapperFor(h.bob).lines(`bazaar find starter care`))[1]).toContain(' 1 fork ');
  });

  it('takes an earlier version, and a journal to put the logbook in', async () => {
    const logbook = (await h.alice.client.logbooks.list()).find((l) => l.title === 'Starter care')!;
    await h.alice.client.entries.write({ logid: logbook.logid, tag: 'query', content: 'And in winter?' });
    await h.alice.client.bazaar.publishVersion(listing.listing_id, {});
    const journal = await h.bob.client.journals.create({ title: 'From the Bazaar' });

    const line = await mapperFor(h.bob).run(`bazaar fork ${listing.slug} --version 1 -j ${journal.jid}`);
    const logid = /into (\S+):/.exec(line)?.[1] ?? '';
    expect(line).toBe(`Forked ${listing.slug} v1 into ${logid}: Starter care\n`);
    const fork = await h.bob.client.logbooks.get(logid);
    expect(fork.journal).toBe(journal.jid);
    expect(fork.log).not.toContain('And in winter?');

    expect(await mapperFor(h.bob).lines(`bazaar fork ${listing.slug} --version 3`)).toEqual([
      'Error: This listing has no such version.',
    ]);
  });

  it('names a listing that does not exist', async () => {
    const t = mapperFor(h.bob);
    expect(await t.lines('bazaar fork no-such-listing')).toEqual(['No such listing: no-such-listing']);
    expect(await t.lines('bazaar fork Not/A_Slug')).toEqual(['No such listing: Not/A_Slug']);
  });

  it("gives the server's reason for a withdrawn listing, and forks nothing", async () => {
    const gone = await publish(h.alice.client, 'Withdrawn bread', 'Gone soon.');
    await h.alice.client.bazaar.withdraw(gone.listing_id);
    const before = (await h.bob.client.logbooks.list()).length;
    expect(await mapperFor(h.bob).lines(`bazaar fork ${gone.slug}`)).toEqual([
      'This listing was withdrawn by its author.',
    ]);
    expect((await h.bob.client.logbooks.list()).length).toBe(before);
  });

  it('asks to sign in first', async () => {
    const anonymous = new FakeMapper(h.server.client(), null);
    expect(await anonymous.lines(`bazaar fork ${listing.slug}`)).toEqual(['Error: You are not signed in.']);
  });

  it('explains what it cannot run', async () => {
    const t = mapperFor(h.bob);
    expect(await t.lines('bazaar fork')).toEqual([
      'Error: Missing SLUG.',
      'Usage: bazaar fork SLUG [--version N] [-j JID]',
    ]);
    expect((await t.lines('bazaar fork a b'))[0]).toBe("Error: Unexpected argument 'b'.");
    expect((await t.lines('bazaar fork a --version x'))[0]).toBe(
      'Error: bazaar fork --version takes a version number: x',
    );
    expect((await t.lines('bazaar fork a --topic baking'))[0]).toBe('Error: --topic is not for bazaar fork.');
  });
});

describe('bazaar usage', () => {
  it('prints its usage alone, with help, and for a subcommand it does not know', async () => {
    const t = mapperFor(h.bob);
    const alone = await t.lines('bazaar');
    expect(alone[0]).toBe('Usage: bazaar find [WORDS...] | fork SLUG');
    expect(alone).toContain('  -j, --journal JID       fork: into this journal of yours');
    const help = await t.lines('bazaar help');
    expect(help).toEqual(await t.lines('help bazaar'));
    expect(help).toEqual(expect.arrayContaining(['Usage: bazaar find [WORDS...] | fork SLUG', 'Examples:']));
    const unknown = await t.lines('bazaar sell');
    expect(unknown.slice(0, 2)).toEqual([
      "Error: Unknown bazaar command 'sell'.",
      'Usage: bazaar find [WORDS...] | fork SLUG',
    ]);
  });

  it('is listed by help and examples', async () => {
    const t = mapperFor(h.bob);
    expect(await t.run('help')).toContain(
      'bazaar find [WORDS...] | fork SLUG  Searches the Bazaar, or forks a listing',
    );
    expect(await t.run('examples')).toContain('bazaar fork SLUG');
  });
});
