import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database, UserRow } from '../../db/database.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export interface KeyOwner {
  user: UserRow;
  key: Pick<ApiKeyRow, 'id' | 'expires_at' | 'last_used_at'>;
}

/** Personal API keys, stored by the hash of their secret. */
export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByHash(keyHash: string): Promise<KeyOwner | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('users')
      .select([
        'api_keys.id as key_id',
        'api_keys.expires_at as key_expires_at',
        'api_keys.last_used_at as key_last_used_at',
      ])
      .where('api_keys.key_hash', '=', keyHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const { key_id, key_expires_at, key_last_used_at, ...user } = row;
    return { user, key: { id: key_id, expires_at: key_expires_at, last_used_at: key_last_used_at } };
  }

  listByUser(userId: number): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async countByUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  /** Deletes the user's key; false when they have no key of that id. */
  async delete(userId: number, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('api_keys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Only ever moves forward, so a late write cannot undo a newer one. */
  async touch(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
      .execute();
  }
}
