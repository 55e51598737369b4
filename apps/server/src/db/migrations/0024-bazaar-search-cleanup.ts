import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * A listing's words in `bazaar_search` go with it. Listings are deleted with their caravan (a
 * caravan-only listing) or their author, and their search rows stayed: found by every search for
 * their words, they took places among its newest matches that listings still shown should have.
 * PostgreSQL: a foreign key that cascades. SQLite (an FTS5 table takes no foreign keys): a trigger,
 * which a cascading delete fires too. Rows left by earlier deletes are removed.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`delete from bazaar_search s where not exists (select 1 from bazaar_listings l where l.seq = s.seq)`.execute(
      db,
    );
    await sql`alter table bazaar_search add constraint bazaar_search_listing_fk
      foreign key (seq) references bazaar_listings (seq) on delete cascade`.execute(db);
    return;
  }
  await sql`delete from bazaar_search where rowid not in (select seq from bazaar_listings)`.execute(db);
  await sql`create trigger bazaar_listings_unindex after delete on bazaar_listings
    begin delete from bazaar_search where rowid = old.seq; end`.execute(db);
}
