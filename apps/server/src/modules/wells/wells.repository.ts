import type { Kysely } from 'kysely';
import type { Database, WellRow } from '../../db/database.js';
import { withdrawOffers } from '../well-rental/offer-withdrawal.js';

export type WellWithOwner = WellRow & { owner_username: string };

export class WellsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(wellid: string): Promise<WellRow | undefined> {
    return this.db.selectFrom('wells').selectAll().where('wellid', '=', wellid).executeTakeFirst();
  }

  private withOwner() {
    return this.db
      .selectFrom('wells')
      .innerJoin('users', 'users.id', 'wells.owner_id')
      .selectAll('wells')
      .select('users.username as owner_username');
  }

  findWithOwner(wellid: string): Promise<WellWithOwner | undefined> {
    return this.withOwner().where('wells.wellid', '=', wellid).executeTakeFirst();
  }

  listByOwner(ownerId: number): Promise<WellWithOwner[]> {
    return this.withOwner()
      .where('wells.owner_id', '=', ownerId)
      .orderBy('wells.created_at', 'desc')
      .orderBy('wells.wellid')
      .execute();
  }

  /** Wells by id, each with its owner's name, in no particular order. */
  findManyWithOwner(wellids: readonly string[]): Promise<WellWithOwner[]> {
    if (wellids.length === 0) return Promise.resolve([]);
    return this.withOwner().where('wells.wellid', 'in', wellids).execute();
  }

  async insert(row: WellRow): Promise<void> {
    await this.db.insertInto('wells').values(row).execute();
  }

  async update(wellid: string, patch: Partial<WellRow>): Promise<void> {
    await this.db.updateTable('wells').set(patch).where('wellid', '=', wellid).execute();
  }

  /** The owner's logbooks attached to the well (others' are never named to the owner). */
  logbooksUsing(wellid: string, ownerId: number) {
    return this.db
      .selectFrom('logbooks')
      .select(['logid', 'title'])
      .where('logwell', '=', wellid)
      .where('owner_id', '=', ownerId)
      .orderBy('title')
      .execute();
  }

  /**
   * Deletes the well; logbooks of other people that a caravan or a rental let attach it (theirs to
   * keep) lose their well rather than keep the owner from deleting it. Its offers in the Bazaar are
   * withdrawn and their rentals ended, not deleted: what renters used is still billed and earned.
   */
  async delete(wellid: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const at = Date.now();
      await trx.updateTable('logbooks').set({ logwell: null }).where('logwell', '=', wellid).execute();
      await withdrawOffers(trx, { wellid }, at);
      await trx.deleteFrom('wells').where('wellid', '=', wellid).execute();
    });
  }
}
