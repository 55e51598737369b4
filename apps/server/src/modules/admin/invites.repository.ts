import type { Kysely, Selectable } from 'kysely';
import type { Database, Executor, RegistrationInvitesTable } from '../../db/database.js';

export type InviteRow = Selectable<RegistrationInvitesTable>;

/** Invite links for registering, stored by the hash of their code. */
export class RegistrationInvitesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: InviteRow): Promise<void> {
    await this.db.insertInto('registration_invites').values(row).execute();
  }

  find(codeHash: string, db: Executor = this.db): Promise<InviteRow | undefined> {
    return db
      .selectFrom('registration_invites')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
  }

  /**
   * Marks the invite used by `userId` if it is still unused and unexpired at `at`; false when it
   * is not (another registration took it first, or it ran out), so it admits one registration only.
   */
  async use(inviteId: string, userId: number, at: number, db: Executor): Promise<boolean> {
    const result = await db
      .updateTable('registration_invites')
      .set({ used_at: at, used_by: userId })
      .where('invite_id', '=', inviteId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
