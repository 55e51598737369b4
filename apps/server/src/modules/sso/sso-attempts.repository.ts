import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SsoAttemptsTable } from '../../db/database.js';

export type SsoAttempt = Selectable<SsoAttemptsTable>;

/** Sign-in attempts kept between the start and the provider's callback (SQL only). */
export class SsoAttemptsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(attempt: Insertable<SsoAttemptsTable>): Promise<void> {
    await this.db.insertInto('sso_attempts').values(attempt).execute();
  }

  /**
   * Takes the attempt the state names, if the same browser started it: deleted in the same
   * statement, so of two callbacks with one state only one ever gets it. Another browser's
   * callback takes nothing and leaves it as it was.
   */
  take(stateHash: string, browserHash: string): Promise<SsoAttempt | undefined> {
    return this.db
      .deleteFrom('sso_attempts')
      .where('state_hash', '=', stateHash)
      .where('browser_hash', '=', browserHash)
      .returningAll()
      .executeTakeFirst();
  }

  /** Attempts nobody came back from: dropped as new ones start, so they never pile up. */
  async deleteExpired(at: number): Promise<void> {
    await this.db.deleteFrom('sso_attempts').where('expires_at', '<=', at).execute();
  }
}
