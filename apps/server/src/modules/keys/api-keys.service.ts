import { type ApiKey, type ApiKeyCreate, MAX_KEYS_PER_USER, type NewApiKey } from '@caravanserai/api';
import type { z } from 'zod';
import { iso, now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { Conflict, NotFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { ThrottledWrites } from '../../lib/throttled-writes.js';
import { hashToken } from '../auth/token.js';
import { DAY_MS } from '../usage/usage.repository.js';
import { newApiKey, wellFormedApiKey } from './api-key.js';
import { toApiKey } from './api-keys.presenter.js';
import type { ApiKeysRepository } from './api-keys.repository.js';

type CreateInput = z.output<typeof ApiKeyCreate>;

/** A key's last use is written at most this often: a write per request would tax every request. */
export const KEY_TOUCH_EVERY_MS = 60_000;

/** Who a key belongs to, or why it is refused. */
export type KeyCheck = { user: UserRow; keyId: string } | { refused: 'unknown' | 'expired' };

/**
 * Personal API keys (DESIGN 11): made with a random secret shown once and stored as its SHA-256,
 * listed with their last use, revoked by deleting them. An expired key stays listed (so its owner
 * sees why it stopped) and is refused.
 */
export class ApiKeysService {
  /** This process's writes of each key's last use: a burst of requests writes once. */
  private readonly touches = new ThrottledWrites<string>(KEY_TOUCH_EVERY_MS);

  constructor(private readonly keys: ApiKeysRepository) {}

  async create(user: UserRow, input: CreateInput): Promise<NewApiKey> {
    if ((await this.keys.countByUser(user.id)) >= MAX_KEYS_PER_USER)
      throw Conflict(`You already have ${MAX_KEYS_PER_USER} API keys: revoke one first.`);
    const { key, prefix } = newApiKey();
    const at = now();
    const days = input.expires_in_days ?? null;
    const row = {
      id: newId(),
      user_id: user.id,
      name: input.name,
      prefix,
      key_hash: hashToken(key),
      created_at: at,
      expires_at: days === null ? null : at + days * DAY_MS,
      last_used_at: null,
    };
    await this.keys.insert(row);
    const { last_used: _never, ...shown } = toApiKey(row);
    return { ...shown, key, created: iso(at) };
  }

  async list(user: UserRow): Promise<ApiKey[]> {
    return (await this.keys.listByUser(user.id)).map(toApiKey);
  }

  async revoke(user: UserRow, id: string): Promise<void> {
    if (!(await this.keys.delete(user.id, id))) throw NotFound('API key not found.');
    this.touches.forget(id);
  }

  /**
   * The user a key belongs to, or why it is refused. A due write of its last use is not waited
   * for; `onTouchError` hears if it fails.
   */
  async authenticate(key: string, onTouchError: (error: unknown) => void): Promise<KeyCheck> {
    if (!wellFormedApiKey(key)) return { refused: 'unknown' };
    const found = await this.keys.findByHash(hashToken(key));
    if (!found) return { refused: 'unknown' };
    const at = now();
    if (found.key.expires_at !== null && at >= found.key.expires_at) return { refused: 'expired' };
    const last = found.key.last_used_at;
    if (last === null || at - last >= KEY_TOUCH_EVERY_MS) this.touch(found.key.id, at, onTouchError);
    return { user: found.user, keyId: found.key.id };
  }

  /** Waits for the writes still under way, so the database can be closed after. */
  settled(): Promise<void> {
    return this.touches.settled();
  }

  private touch(id: string, at: number, onError: (error: unknown) => void): void {
    this.touches.write(id, at, () => this.keys.touch(id, at), onError);
  }
}
