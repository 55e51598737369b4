import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { ThrottledWrites } from '../../lib/throttled-writes.js';
import { hashToken, newToken } from './token.js';
import type { TokensRepository } from './tokens.repository.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Issues, checks and revokes sign-in tokens. A token expires once unused for `ttlMs`. Its last use
 * is written at most once per interval (an hour, less for a TTL under a day): on SQLite with
 * synchronous=FULL each write costs an fsync, so a write per request would tax every request.
 */
export class TokenService {
  private readonly touchEveryMs: number;
  /** This process's writes of each token's last use: a burst of requests writes once. */
  private readonly touches: ThrottledWrites<string>;

  constructor(
    private readonly tokens: TokensRepository,
    private readonly ttlMs: number,
  ) {
    this.touchEveryMs = Math.min(HOUR_MS, ttlMs / 24);
    this.touches = new ThrottledWrites(this.touchEveryMs);
  }

  /**
   * A new token for the user. Their expired tokens go at the same time: a returning user is the
   * one who leaves them behind, so no periodic sweep is needed to keep them from piling up.
   */
  async issue(userId: number): Promise<string> {
    const token = newToken();
    const at = now();
    await this.tokens.deleteUnusedSince(userId, at - this.ttlMs);
    await this.tokens.insert(userId, hashToken(token), at);
    return token;
  }

  /**
   * The user a token belongs to, or null when it is unknown or expired (an expired one is deleted).
   * A due write of its last use is not waited for; `onTouchError` hears if it fails.
   */
  async authenticate(tokenHash: string, onTouchError: (error: unknown) => void): Promise<UserRow | null> {
    const found = await this.tokens.find(tokenHash);
    if (!found) return null;
    const at = now();
    if (at - found.lastUsedAt > this.ttlMs) {
      await this.tokens.delete(tokenHash);
      return null;
    }
    if (at - found.lastUsedAt >= this.touchEveryMs) this.touch(tokenHash, at, onTouchError);
    return found.user;
  }

  revoke(tokenHash: string): Promise<void> {
    return this.tokens.delete(tokenHash);
  }

  revokeAll(userId: number): Promise<void> {
    return this.tokens.deleteAllOf(userId);
  }

  /** Waits for the writes still under way, so the database can be closed after. */
  settled(): Promise<void> {
    return this.touches.settled();
  }

  private touch(tokenHash: string, at: number, onError: (error: unknown) => void): void {
    this.touches.write(tokenHash, at, () => this.tokens.touch(tokenHash, at), onError);
  }
}
