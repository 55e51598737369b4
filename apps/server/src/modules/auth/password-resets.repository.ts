import type { Kysely, Selectable } from 'kysely';
import type { Database, Executor, PasswordResetsTable } from '../../db/database.js';

export type PasswordResetRow = Selectable<PasswordResetsTable>;

/** Mailed password reset links, stored by the hash of their token. */
export class PasswordResetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: PasswordResetRow): Promise<void> {
    await this.db.insertInto('password_resets').values(row).execute();
  }

  find(tokenHash: string): Promise<PasswordResetRow | undefined> {
    return this.db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the link used if it is unused and unexpired at `at`; false when it is not (taken first, or late). */
  async use(tokenHash: string, at: number, db: Executor): Promise<boolean> {
    const result = await db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Every other link of the user stops working once one has set the password. */
  async useAllOf(userId: number, at: number, db: Executor): Promise<void> {
    await db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** The user's links that can no longer be used, deleted as a new one is made. */
  async deleteSpent(userId: number, at: number): Promise<void> {
    await this.db
      .deleteFrom('password_resets')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', at)]))
      .execute();
  }
}
