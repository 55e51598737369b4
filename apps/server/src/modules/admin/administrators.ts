import type { UserRow } from '../../db/database.js';
import { Forbidden } from '../../errors.js';
import { usernameKey } from '../auth/users.repository.js';

export const ADMINS_ONLY = 'Only an administrator of this server can do this.';

/** The users named in ADMIN_USERNAMES, compared as usernames are (without case). */
export class Administrators {
  private readonly keys: ReadonlySet<string>;

  constructor(usernames: readonly string[]) {
    this.keys = new Set(usernames.map(usernameKey));
  }

  is(user: Pick<UserRow, 'username' | 'is_system'>): boolean {
    return !user.is_system && this.keys.has(usernameKey(user.username));
  }

  /** The user, when an administrator; 403 otherwise. */
  require(user: UserRow): UserRow {
    if (!this.is(user)) throw Forbidden(ADMINS_ONLY);
    return user;
  }
}
