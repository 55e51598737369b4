import type { CurrentUser, Login, Registration, UserUpdate } from '@caravanserai/api';
import { bool, int, now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { fieldError, ValidationFailed } from '../../errors.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.js';
import { passwordProblems } from './password-rules.js';
import type { TokenService } from './tokens.service.js';
import { type UserPatch, type UsersRepository, usernameKey } from './users.repository.js';

const USERNAME_TAKEN = 'A user with that username already exists.';

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
  ) {}

  async register(input: Registration): Promise<string> {
    if (input.password1 !== input.password2) {
      throw ValidationFailed({ non_field_errors: ["The two password fields didn't match."] });
    }
    const problems = await passwordProblems(input.password1, input);
    if (problems.length > 0) throw ValidationFailed({ password1: problems });
    if (await this.users.findByUsername(input.username)) throw fieldError('username', USERNAME_TAKEN);

    const passwordHash = await hashPassword(input.password1);
    let user: UserRow;
    try {
      user = await this.users.insert({
        username: input.username,
        username_key: usernameKey(input.username),
        email: input.email ?? '',
        password_hash: passwordHash,
        role: 'Pilgrim',
        location: '',
        is_system: 0,
        created_at: now(),
      });
    } catch (error) {
      // Two registrations racing for one name: the unique index decides, the loser hears why.
      if (isUniqueViolation(error)) throw fieldError('username', USERNAME_TAKEN);
      throw error;
    }
    return this.tokens.issue(user.id);
  }

  async login(input: Login): Promise<string> {
    const user = await this.users.findByUsername(input.username);
    const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok || user.is_system) {
      throw ValidationFailed({ non_field_errors: ['Unable to log in with provided credentials.'] });
    }
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

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    pk: user.id,
    username: user.username,
    email: user.email,
    instructions: user.instructions,
    memory_default: bool(user.memory_default),
    auto_titles: bool(user.auto_titles),
  };
}
