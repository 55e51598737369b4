import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { UsersRepository } from './users.repository.js';

/** A user's last request is written at most this often: a write per request would tax every one. */
export const SEEN_EVERY_MS = 60_000;

export const ACCOUNT_DISABLED = 'This account has been disabled by an administrator of this server.';

const AccountDisabled = () => new HttpError(401, 'authentication_failed', ACCOUNT_DISABLED);

/**
 * The one gate every credential's user passes (a sign-in token or a personal API key, and so the
 * gateway too): a disabled user is refused from their next request on, whatever they hold, and
 * their data is kept; anyone else is let in and their last visit noted at most once a minute.
 */
export class AccountGate {
  /** When this process last wrote each user's last visit: a burst of requests writes once. */
  private readonly seenAt = new Map<number, number>();
  /** Writes of last visits still under way. */
  private readonly writing = new Set<Promise<void>>();

  constructor(private readonly users: UsersRepository) {}

  /** The user, let in; throws 401 for a disabled one. A due write of their visit is not waited for. */
  admit(user: UserRow, onSeenError: (error: unknown) => void): UserRow {
    if (user.disabled_at !== null) throw AccountDisabled();
    const at = now();
    if (user.last_seen_at === null || at - user.last_seen_at >= SEEN_EVERY_MS)
      this.seen(user.id, at, onSeenError);
    return user;
  }

  /** Waits for the writes still under way, so the database can be closed after. */
  async settled(): Promise<void> {
    await Promise.all(this.writing);
  }

  private seen(userId: number, at: number, onError: (error: unknown) => void): void {
    const last = this.seenAt.get(userId);
    if (last !== undefined && at - last < SEEN_EVERY_MS) return;
    // Kept to the users seen within the last interval (the map is read in insertion order).
    for (const [kept, when] of this.seenAt) {
      if (when >= at - SEEN_EVERY_MS) break;
      this.seenAt.delete(kept);
    }
    this.seenAt.delete(userId);
    this.seenAt.set(userId, at);
    const write: Promise<void> = this.users
      .touchLastSeen(userId, at)
      .catch(onError)
      .finally(() => this.writing.delete(write));
    this.writing.add(write);
  }
}
