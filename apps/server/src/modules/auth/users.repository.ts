import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/database.js';

/** What a user may change of their own account. */
export type UserPatch = Partial<
  Pick<UserRow, 'email' | 'location' | 'instructions' | 'memory_default' | 'auto_titles'>
>;

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

  async update(id: number, patch: UserPatch): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
