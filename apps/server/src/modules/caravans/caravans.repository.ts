import type { Kysely } from 'kysely';
import type { CaravanMemberRow, CaravanRow, Database, Executor } from '../../db/database.js';

export type Membership = CaravanMemberRow & { name: string };
export type MemberWithName = CaravanMemberRow & { username: string };
export type SharedWell = {
  wellid: string;
  title: string;
  origin_loc: string;
  owner_username: string;
  owner_id: number;
};

/** A caravan that shares a well, with the caller's place in it. */
export type ShareThroughMembership = { caravan: CaravanRow; role: CaravanMemberRow['role'] };

/** SQL of caravans, their members, invites and shared wells. The executor is always last. */
export class CaravansRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(caravanId: string, db: Executor = this.db): Promise<CaravanRow | undefined> {
    return db.selectFrom('caravans').selectAll().where('caravan_id', '=', caravanId).executeTakeFirst();
  }

  membership(caravanId: string, userId: number, db: Executor = this.db) {
    return db
      .selectFrom('caravan_members')
      .selectAll()
      .where('caravan_id', '=', caravanId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The caller's caravans, oldest membership first. */
  mine(userId: number): Promise<Membership[]> {
    return this.db
      .selectFrom('caravan_members')
      .innerJoin('caravans', 'caravans.caravan_id', 'caravan_members.caravan_id')
      .selectAll('caravan_members')
      .select('caravans.name')
      .where('caravan_members.user_id', '=', userId)
      .orderBy('caravan_members.joined_at')
      .orderBy('caravan_members.caravan_id')
      .execute();
  }

  /** The caravans of the user's, each with its policy, oldest membership first. */
  policiesOf(userId: number): Promise<(CaravanRow & { role: CaravanMemberRow['role'] })[]> {
    return this.db
      .selectFrom('caravan_members')
      .innerJoin('caravans', 'caravans.caravan_id', 'caravan_members.caravan_id')
      .selectAll('caravans')
      .select('caravan_members.role')
      .where('caravan_members.user_id', '=', userId)
      .orderBy('caravan_members.joined_at')
      .orderBy('caravan_members.caravan_id')
      .execute();
  }

  members(caravanId: string, db: Executor = this.db): Promise<MemberWithName[]> {
    return db
      .selectFrom('caravan_members')
      .innerJoin('users', 'users.id', 'caravan_members.user_id')
      .selectAll('caravan_members')
      .select('users.username')
      .where('caravan_members.caravan_id', '=', caravanId)
      .orderBy('caravan_members.joined_at')
      .orderBy('users.username')
      .execute();
  }

  wells(caravanId: string): Promise<SharedWell[]> {
    return this.db
      .selectFrom('caravan_wells')
      .innerJoin('wells', 'wells.wellid', 'caravan_wells.wellid')
      .innerJoin('users', 'users.id', 'wells.owner_id')
      .select(['wells.wellid', 'wells.title', 'wells.origin_loc', 'wells.owner_id'])
      .select('users.username as owner_username')
      .where('caravan_wells.caravan_id', '=', caravanId)
      .orderBy('caravan_wells.created_at')
      .orderBy('wells.wellid')
      .execute();
  }

  /** The caravans the user belongs to that share this well, oldest membership first. */
  sharing(userId: number, wellid: string): Promise<ShareThroughMembership[]> {
    return this.db
      .selectFrom('caravan_wells')
      .innerJoin('caravan_members', 'caravan_members.caravan_id', 'caravan_wells.caravan_id')
      .innerJoin('caravans', 'caravans.caravan_id', 'caravan_wells.caravan_id')
      .selectAll('caravans')
      .select('caravan_members.role as member_role')
      .where('caravan_wells.wellid', '=', wellid)
      .where('caravan_members.user_id', '=', userId)
      .orderBy('caravan_members.joined_at')
      .orderBy('caravans.caravan_id')
      .execute()
      .then((rows) => rows.map(({ member_role, ...caravan }) => ({ caravan, role: member_role })));
  }

  /** Wells shared with the user by caravans they belong to, other than their own. */
  wellsSharedWith(userId: number) {
    return this.db
      .selectFrom('caravan_wells')
      .innerJoin('caravan_members', 'caravan_members.caravan_id', 'caravan_wells.caravan_id')
      .innerJoin('caravans', 'caravans.caravan_id', 'caravan_wells.caravan_id')
      .select(['caravan_wells.wellid', 'caravans.caravan_id', 'caravans.name'])
      .where('caravan_members.user_id', '=', userId)
      .orderBy('caravan_members.joined_at')
      .orderBy('caravans.caravan_id')
      .execute();
  }

  isShared(caravanId: string, wellid: string, db: Executor = this.db) {
    return db
      .selectFrom('caravan_wells')
      .select('wellid')
      .where('caravan_id', '=', caravanId)
      .where('wellid', '=', wellid)
      .executeTakeFirst();
  }

  async insert(row: CaravanRow, leaderId: number, db: Executor): Promise<void> {
    await db.insertInto('caravans').values(row).execute();
    await db
      .insertInto('caravan_members')
      .values({ caravan_id: row.caravan_id, user_id: leaderId, role: 'leader', joined_at: row.created_at })
      .execute();
  }

  async update(caravanId: string, patch: Partial<CaravanRow>, db: Executor): Promise<void> {
    await db.updateTable('caravans').set(patch).where('caravan_id', '=', caravanId).execute();
  }

  /**
   * Writes the caravan's row first thing in a transaction: on PostgreSQL that holds its row lock
   * until commit, so membership changes of one caravan run one after another (SQLite has one
   * writer anyway) and a rule such as "one leader remains" reads what the last change left.
   */
  async lock(caravanId: string, at: number, db: Executor): Promise<void> {
    await db.updateTable('caravans').set({ modified_at: at }).where('caravan_id', '=', caravanId).execute();
  }

  async delete(caravanId: string, db: Executor): Promise<void> {
    await db.deleteFrom('caravans').where('caravan_id', '=', caravanId).execute();
  }

  async addMember(row: CaravanMemberRow, db: Executor): Promise<void> {
    await db.insertInto('caravan_members').values(row).execute();
  }

  async setRole(caravanId: string, userId: number, role: CaravanMemberRow['role'], db: Executor) {
    await db
      .updateTable('caravan_members')
      .set({ role })
      .where('caravan_id', '=', caravanId)
      .where('user_id', '=', userId)
      .execute();
  }

  async removeMember(caravanId: string, userId: number, db: Executor): Promise<void> {
    await db
      .deleteFrom('caravan_members')
      .where('caravan_id', '=', caravanId)
      .where('user_id', '=', userId)
      .execute();
  }

  async share(caravanId: string, wellid: string, at: number, db: Executor): Promise<void> {
    await db.insertInto('caravan_wells').values({ caravan_id: caravanId, wellid, created_at: at }).execute();
  }

  async unshare(caravanId: string, wellid: string, db: Executor): Promise<void> {
    await db
      .deleteFrom('caravan_wells')
      .where('caravan_id', '=', caravanId)
      .where('wellid', '=', wellid)
      .execute();
  }
}
