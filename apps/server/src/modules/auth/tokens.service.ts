import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
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
  /**
   * When this process last wrote each token's last use. A burst of requests writes once even when
   * some of them read the row before the write landed. Entries older than the interval are dropped.
   */
  private readonly touchedAt = new Map<string, number>();
  /** Writes of last use still under way. */
  private readonly writing = new Set<Promise<void>>();

  constructor(
    private readonly tokens: TokensRepository,
    private readonly ttlMs: number,
  ) {
    this.touchEveryMs = Math.min(HOUR_MS, ttlMs / 24);
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
  async settled(): Promise<void> {
    await Promise.all(this.writing);
  }

  private touch(tokenHash: string, at: number, onError: (error: unknown) => void): void {
    const last = this.touchedAt.get(tokenHash);
    if (last !== undefined && at - last < this.touchEveryMs) return;
    this.forgetTouchesBefore(at - this.touchEveryMs);
    this.touchedAt.set(tokenHash, at);
    const write: Promise<void> = this.tokens
      .touch(tokenHash, at)
      .catch(onError)
      .finally(() => this.writing.delete(write));
    this.writing.add(write);
  }

  /** Keeps the map to the tokens used within one interval (it is read in insertion order). */
  private forgetTouchesBefore(cutoff: number): void {
    for (const [hash, at] of this.touchedAt) {
      if (at >= cutoff) break;
      this.touchedAt.delete(hash);
    }
  }
}
