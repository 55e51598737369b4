import { createTestDb, insertUserRow, type TestDb } from '@caravanserai/test-kit';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';

let db: TestDb;
let kept: number;
const ORPHAN = 987_654;

const addWords = (seq: number, body: string) =>
  db.db.dialect === 'postgres'
    ? sql`insert into bazaar_search (seq, tsv) values (${seq}, to_tsvector('simple', ${body}))`.execute(
        db.db.kysely,
      )
    : sql`insert into bazaar_search (rowid, body) values (${seq}, ${body})`.execute(db.db.kysely);

async function searchSeqs(): Promise<number[]> {
  const { rows } =
    db.db.dialect === 'postgres'
      ? await sql<{ seq: number }>`select seq from bazaar_search order by seq`.execute(db.db.kysely)
      : await sql<{ seq: number }>`select rowid as seq from bazaar_search order by rowid`.execute(
          db.db.kysely,
        );
  return rows.map((r) => Number(r.seq));
}

beforeAll(async () => {
  db = await createTestDb(undefined, (fresh) => migrateTo(fresh, '0023-well-rental'));
  const author = await insertUserRow(db.db, 'author', 1);
  // The schema of migration 0023: a listing with its words, and words left by a listing deleted.
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const kysely = db.db.kysely as Kysely<any>;
  const row = await kysely
    .insertInto('bazaar_listings')
    .values({
      listing_id: 'kept',
      slug: 'kept',
      author_id: author,
      title: 'Kept',
      summary: '',
      topics: '[]',
      licence: 'CC0-1.0',
      include: '["query"]',
      latest_version: 1,
      published_at: 1,
      updated_at: 1,
    })
    .returning('seq')
    .executeTakeFirstOrThrow();
  kept = Number(row.seq);
  await addWords(kept, 'kept words');
  await addWords(ORPHAN, 'words of a listing deleted');
  await migrateToLatest(db.db);
});

afterAll(() => db.drop());

describe('migration 0024: the gallery’s search words go with their listing', () => {
  it('removes the words of listings deleted before it, and keeps the others', async () => {
    expect(await searchSeqs()).toEqual([kept]);
  });

  it('deletes a listing’s words with it from then on', async () => {
    await db.db.kysely.deleteFrom('bazaar_listings').where('listing_id', '=', 'kept').execute();
    expect(await searchSeqs()).toEqual([]);
  });
});
