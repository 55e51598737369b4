import type { Kysely } from 'kysely';
import type { Database, Executor, NewUser, UserRow } from '../../db/database.js';

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

  async insert(user: NewUser, db: Executor = this.db): Promise<UserRow> {
    return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, patch: UserPatch): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findById(id: number, db: Executor = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The people (never the system's own accounts) with this address, compared without case. */
  findByEmail(email: string): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('is_system', '=', 0)
      .orderBy('id')
      .execute();
  }

  async setPassword(id: number, passwordHash: string, db: Executor = this.db): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  /** Disables (at `at`) or enables the user; their tokens and keys are kept for when enabled. */
  async setDisabled(id: number, at: number | null): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ disabled_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Only ever moves forward, so a late write cannot undo a newer one. */
  async touchLastSeen(id: number, at: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ last_seen_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', at)]))
      .execute();
  }
}
