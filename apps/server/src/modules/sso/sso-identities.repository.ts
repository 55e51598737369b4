import type { Kysely } from 'kysely';
import type { Database, Executor, UserRow } from '../../db/database.js';

/** Which account each of the provider's people is (SQL only). */
export class SsoIdentitiesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account the provider's subject signed in to before, whatever its e-mail is now. */
  findUser(issuer: string, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('sso_identities')
      .innerJoin('users', 'users.id', 'sso_identities.user_id')
      .selectAll('users')
      .where('sso_identities.issuer', '=', issuer)
      .where('sso_identities.subject', '=', subject)
      .executeTakeFirst();
  }

  async insert(issuer: string, subject: string, userId: number, at: number, db: Executor): Promise<void> {
    await db
      .insertInto('sso_identities')
      .values({ issuer, subject, user_id: userId, created_at: at, last_sign_in_at: at })
      .execute();
  }

  async touch(issuer: string, subject: string, at: number): Promise<void> {
    await this.db
      .updateTable('sso_identities')
      .set({ last_sign_in_at: at })
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .execute();
  }
}
