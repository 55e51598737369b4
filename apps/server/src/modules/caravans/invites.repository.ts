import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/database.js';

export interface InviteRow {
  invite_id: string;
  caravan_id: string;
  user_id: number;
  invited_by: number;
  created_at: number;
}

/** SQL of pending caravan invites. The executor is always last. */
export class InvitesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(inviteId: string, db: Executor = this.db): Promise<InviteRow | undefined> {
    return db.selectFrom('caravan_invites').selectAll().where('invite_id', '=', inviteId).executeTakeFirst();
  }

  pendingFor(caravanId: string, userId: number, db: Executor = this.db) {
    return db
      .selectFrom('caravan_invites')
      .select('invite_id')
      .where('caravan_id', '=', caravanId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The user's pending invites, newest first, with the caravan's name and the inviter's. */
  mine(userId: number) {
    return this.db
      .selectFrom('caravan_invites')
      .innerJoin('caravans', 'caravans.caravan_id', 'caravan_invites.caravan_id')
      .innerJoin('users', 'users.id', 'caravan_invites.invited_by')
      .select(['caravan_invites.invite_id', 'caravan_invites.caravan_id', 'caravans.name as caravan_name'])
      .select('users.username as invited_by')
      .where('caravan_invites.user_id', '=', userId)
      .orderBy('caravan_invites.created_at', 'desc')
      .orderBy('caravan_invites.invite_id')
      .execute();
  }

  async insert(row: InviteRow, db: Executor): Promise<void> {
    await db.insertInto('caravan_invites').values(row).execute();
  }

  async delete(inviteId: string, db: Executor): Promise<void> {
    await db.deleteFrom('caravan_invites').where('invite_id', '=', inviteId).execute();
  }
}
