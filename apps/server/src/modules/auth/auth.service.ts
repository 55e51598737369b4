import type { CurrentUser, Login, UserUpdate } from '@caravanserai/api';
import { bool, int } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { ValidationFailed } from '../../errors.js';
import { ACCOUNT_DISABLED } from './account-gate.js';
import { DUMMY_HASH, verifyPassword } from './password.js';
import type { TokenService } from './tokens.service.js';
import type { UserPatch, UsersRepository } from './users.repository.js';

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
  ) {}

  async login(input: Login): Promise<string> {
    const user = await this.users.findByUsername(input.username);
    const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok || user.is_system) {
      throw ValidationFailed({ non_field_errors: ['Unable to log in with provided credentials.'] });
    }
    // Said only to whoever knows the password, so it tells nobody else the account exists.
    if (user.disabled_at !== null) throw ValidationFailed({ non_field_errors: [ACCOUNT_DISABLED] });
    return this.tokens.issue(user.id);
  }

  logout(tokenHash: string): Promise<void> {
    return this.tokens.revoke(tokenHash);
  }

  /** Every token of the user goes, the one asking included: all their devices are signed out. */
  logoutEverywhere(user: UserRow): Promise<void> {
    return this.tokens.revokeAll(user.id);
  }

  async update(user: UserRow, input: UserUpdate): Promise<UserRow> {
    const patch: UserPatch = {};
    if (input.email !== undefined) patch.email = input.email;
    if (input.location !== undefined) patch.location = input.location;
    if (input.instructions !== undefined) patch.instructions = input.instructions;
    if (input.memory_default !== undefined) patch.memory_default = int(input.memory_default);
    if (input.auto_titles !== undefined) patch.auto_titles = int(input.auto_titles);
    if (Object.keys(patch).length === 0) return user;
    return this.users.update(user.id, patch);
  }
}

export function toCurrentUser(user: UserRow, isAdmin: boolean): CurrentUser {
  return {
    pk: user.id,
    username: user.username,
    email: user.email,
    instructions: user.instructions,
    memory_default: bool(user.memory_default),
    auto_titles: bool(user.auto_titles),
    is_admin: isAdmin,
  };
}
