import { useServer } from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { gallerySlugs, published, uniqueWord } from './bazaar-helpers.js';
import { caravanWith } from './caravans-helpers.js';

const t = useServer({ users: ['alice', 'carol'] });

/** The listing's row number in `bazaar_listings` (and `bazaar_search`), or undefined once deleted. */
async function seqOf(listingId: string): Promise<number | undefined> {
  const row = await t.server.testDb.db.kysely
    .selectFrom('bazaar_listings')
    .select('seq')
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
  return row && Number(row.seq);
}

/** Whether the gallery's search holds words for the listing at `seq`. */
async function indexed(seq: number): Promise<boolean> {
  const { kysely, dialect } = t.server.testDb.db;
  const { rows } =
    dialect === 'postgres'
      ? await sql`select 1 from bazaar_search where seq = ${seq}`.execute(kysely)
      : await sql`select 1 from bazaar_search where rowid = ${seq}`.execute(kysely);
  return rows.length > 0;
}

describe('the gallery’s search words', () => {
  it('are forgotten when the listing is withdrawn', async () => {
    const word = uniqueWord();
    const { listing } = await published(t.alice.client, { title: `Dunes of ${word}` });
    const seq = (await seqOf(listing.listing_id))!;
    expect(await indexed(seq)).toBe(true);
    expect(await gallerySlugs(t.alice.client, { q: word })).toEqual([listing.slug]);
    await t.alice.client.bazaar.withdraw(listing.listing_id);
    expect(await indexed(seq)).toBe(false);
    expect(await gallerySlugs(t.alice.client, { q: word })).toEqual([]);
  });

  it('go with the listings deleted with their caravan', async () => {
    const caravan = await caravanWith(t.alice, [t.carol]);
    const word = uniqueWord();
    const { listing } = await published(t.alice.client, {
      title: `Wells of ${word}`,
      caravan: caravan.caravan_id,
    });
    const seq = (await seqOf(listing.listing_id))!;
    expect(await indexed(seq)).toBe(true);
    expect(await gallerySlugs(t.carol.client, { q: word })).toEqual([listing.slug]);

    await t.alice.client.caravans.remove(caravan.caravan_id);
    expect(await seqOf(listing.listing_id)).toBeUndefined();
    expect(await indexed(seq)).toBe(false);
  });
});
