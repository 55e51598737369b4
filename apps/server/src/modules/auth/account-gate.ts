import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { ThrottledWrites } from '../../lib/throttled-writes.js';
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
  /** This process's writes of each user's last visit: a burst of requests writes once. */
  private readonly visits = new ThrottledWrites<number>(SEEN_EVERY_MS);

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
  settled(): Promise<void> {
    return this.visits.settled();
  }

  private seen(userId: number, at: number, onError: (error: unknown) => void): void {
    this.visits.write(userId, at, () => this.users.touchLastSeen(userId, at), onError);
  }
}
