import type { Insertable, Selectable } from 'kysely';
import type { BazaarListingsTable } from '../../db/bazaar-tables.js';
import type { Executor } from '../../db/database.js';

export type ListingRow = Selectable<BazaarListingsTable>;
export type NewListing = Insertable<BazaarListingsTable>;

/** A listing with what its card names: the author's username and the caravan's name. */
export type ListingWithNames = ListingRow & { author_username: string; caravan_name: string | null };

export interface VersionRow {
  version: number;
  sha256: string;
  entry_count: number;
  published_at: number;
}

/** Listings, their versions, copies and the files those carry, topics and stars. The gallery's reads are gallery.repository.ts. */
export class ListingsRepository {
  constructor(private readonly db: Executor) {}

  private withNames(db: Executor) {
    return db
      .selectFrom('bazaar_listings as l')
      .innerJoin('users as u', 'u.id', 'l.author_id')
      .leftJoin('caravans as c', 'c.caravan_id', 'l.caravan_id')
      .selectAll('l')
      .select(['u.username as author_username', 'c.name as caravan_name']);
  }

  findById(listingId: string, db: Executor = this.db): Promise<ListingWithNames | undefined> {
    return this.withNames(db).where('l.listing_id', '=', listingId).executeTakeFirst();
  }

  findBySlug(slug: string, db: Executor = this.db): Promise<ListingWithNames | undefined> {
    return this.withNames(db).where('l.slug', '=', slug).executeTakeFirst();
  }

  /** The listings of these ids with their names (a page of the gallery), in no particular order. */
  findMany(listingIds: readonly string[], db: Executor = this.db): Promise<ListingWithNames[]> {
    if (listingIds.length === 0) return Promise.resolve([]);
    return this.withNames(db).where('l.listing_id', 'in', listingIds).execute();
  }

  /** Inserts a listing and answers its `seq`. */
  async insert(row: NewListing, db: Executor): Promise<number> {
    await db.insertInto('bazaar_listings').values(row).execute();
    const { seq } = await db
      .selectFrom('bazaar_listings')
      .select('seq')
      .where('listing_id', '=', row.listing_id)
      .executeTakeFirstOrThrow();
    return Number(seq);
  }

  /** Changes a listing that is neither withdrawn nor hidden; false when it is (nothing changed). */
  async updateShown(listingId: string, patch: Partial<NewListing>, db: Executor): Promise<boolean> {
    const result = await db
      .updateTable('bazaar_listings')
      .set(patch)
      .where('listing_id', '=', listingId)
      .where('withdrawn_at', 'is', null)
      .where('hidden_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async update(listingId: string, patch: Partial<NewListing>, db: Executor = this.db): Promise<void> {
    await db.updateTable('bazaar_listings').set(patch).where('listing_id', '=', listingId).execute();
  }

  /** Stores a copy once: a second version with the same content names the same row. */
  async putCopy(sha256: string, log: string, entryCount: number, db: Executor): Promise<void> {
    await db
      .insertInto('bazaar_copies')
      .values({ sha256, log, entry_count: entryCount })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
  }

  async addVersion(
    listingId: string,
    version: number,
    sha256: string,
    at: number,
    db: Executor,
  ): Promise<void> {
    await db
      .insertInto('bazaar_versions')
      .values({ listing_id: listingId, version, sha256, published_at: at })
      .execute();
  }

  /**
   * Records the files a version carries: those of these ids that are still files (one removed while
   * the copy was made is left out, as the copy's reader would find nothing behind it).
   */
  async addVersionFiles(
    listingId: string,
    version: number,
    fileIds: readonly string[],
    db: Executor,
  ): Promise<void> {
    if (fileIds.length === 0) return;
    const found = await db.selectFrom('files').select('file_id').where('file_id', 'in', fileIds).execute();
    if (found.length === 0) return;
    await db
      .insertInto('bazaar_version_files')
      .values(found.map(({ file_id }) => ({ listing_id: listingId, version, file_id })))
      .execute();
  }

  /** The files any version of the listing carries, each once. */
  async fileIds(listingId: string, db: Executor = this.db): Promise<string[]> {
    const rows = await db
      .selectFrom('bazaar_version_files')
      .select('file_id')
      .distinct()
      .where('listing_id', '=', listingId)
      .execute();
    return rows.map((row) => row.file_id);
  }

  versions(listingId: string, db: Executor = this.db): Promise<VersionRow[]> {
    return db
      .selectFrom('bazaar_versions as v')
      .innerJoin('bazaar_copies as c', 'c.sha256', 'v.sha256')
      .select(['v.version', 'v.sha256', 'c.entry_count', 'v.published_at'])
      .where('v.listing_id', '=', listingId)
      .orderBy('v.version', 'desc')
      .execute();
  }

  async copyLog(sha256: string, db: Executor = this.db): Promise<string> {
    const row = await db
      .selectFrom('bazaar_copies')
      .select('log')
      .where('sha256', '=', sha256)
      .executeTakeFirstOrThrow();
    return row.log;
  }

  async setTopics(listingId: string, seq: number, topics: readonly string[], db: Executor): Promise<void> {
    await db.deleteFrom('bazaar_topics').where('listing_id', '=', listingId).execute();
    if (topics.length === 0) return;
    await db
      .insertInto('bazaar_topics')
      .values(topics.map((topic) => ({ topic, listing_id: listingId, seq })))
      .execute();
  }

  async starred(listingId: string, userId: number, db: Executor = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('bazaar_stars')
      .select('user_id')
      .where('listing_id', '=', listingId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Adds or removes the user's star and answers the listing's count. The count moves by one only
   * when the star itself was added or removed, in the same statement's transaction, so stars given
   * at the same moment by many users are all counted (a recount would let two of them write the
   * same total).
   */
  async setStar(listingId: string, userId: number, on: boolean, at: number, db: Executor): Promise<number> {
    const changed = on
      ? (
          await db
            .insertInto('bazaar_stars')
            .values({ listing_id: listingId, user_id: userId, created_at: at })
            .onConflict((oc) => oc.columns(['listing_id', 'user_id']).doNothing())
            .executeTakeFirst()
        ).numInsertedOrUpdatedRows
      : (
          await db
            .deleteFrom('bazaar_stars')
            .where('listing_id', '=', listingId)
            .where('user_id', '=', userId)
            .executeTakeFirst()
        ).numDeletedRows;
    if (Number(changed ?? 0) > 0)
      await db
        .updateTable('bazaar_listings')
        .set((eb) => ({ stars: eb('stars', on ? '+' : '-', 1) }))
        .where('listing_id', '=', listingId)
        .execute();
    const { stars } = await db
      .selectFrom('bazaar_listings')
      .select('stars')
      .where('listing_id', '=', listingId)
      .executeTakeFirstOrThrow();
    return stars;
  }

  async countFork(listingId: string, db: Executor): Promise<void> {
    await db
      .updateTable('bazaar_listings')
      .set((eb) => ({ forks: eb('forks', '+', 1) }))
      .where('listing_id', '=', listingId)
      .execute();
  }
}
