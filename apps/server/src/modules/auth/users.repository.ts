import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/database.js';

export function usernameKey(username: string): string {
  return username.toLowerCase();
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
  }

  async insert(user: NewUser): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, patch: Partial<Pick<UserRow, 'email' | 'location'>>): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findByToken(tokenHash: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .selectAll('users')
      .where('tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async insertToken(userId: number, tokenHash: string, at: number): Promise<void> {
    await this.db
      .insertInto('tokens')
      .values({ token_hash: tokenHash, user_id: userId, created_at: at })
      .execute();
  }

  async deleteToken(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('tokens').where('token_hash', '=', tokenHash).execute();
  }
}
