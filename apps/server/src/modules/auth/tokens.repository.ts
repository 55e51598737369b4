import type { Kysely } from 'kysely';
import type { Database, Executor, UserRow } from '../../db/database.js';

export interface TokenOwner {
  user: UserRow;
  lastUsedAt: number;
}

/** Sign-in tokens, stored by the hash of their key. */
export class TokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(tokenHash: string): Promise<TokenOwner | undefined> {
    const row = await this.db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .selectAll('users')
      .select('tokens.last_used_at')
      .where('tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const { last_used_at, ...user } = row;
    return { user, lastUsedAt: last_used_at };
  }

  async insert(userId: number, tokenHash: string, at: number): Promise<void> {
    await this.db
      .insertInto('tokens')
      .values({ token_hash: tokenHash, user_id: userId, created_at: at, last_used_at: at })
      .execute();
  }

  /** Only ever moves forward, so a late write cannot undo a newer one. */
  async touch(tokenHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('tokens')
      .set({ last_used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('last_used_at', '<', at)
      .execute();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('tokens').where('token_hash', '=', tokenHash).execute();
  }

  async deleteAllOf(userId: number, db: Executor = this.db): Promise<void> {
    await db.deleteFrom('tokens').where('user_id', '=', userId).execute();
  }

  /** Deletes the user's tokens last used before `cutoff`. */
  async deleteUnusedSince(userId: number, cutoff: number): Promise<void> {
    await this.db
      .deleteFrom('tokens')
      .where('user_id', '=', userId)
      .where('last_used_at', '<', cutoff)
      .execute();
  }
}
