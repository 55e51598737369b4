import type { Registration } from '@caravanserai/api';
import type { Config } from '../../config.js';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { Forbidden, fieldError, ValidationFailed } from '../../errors.js';
import type { InvitesService } from '../admin/invites.service.js';
import { hashPassword } from './password.js';
import { passwordProblems } from './password-rules.js';
import type { TokenService } from './tokens.service.js';
import { type UsersRepository, usernameKey } from './users.repository.js';

const USERNAME_TAKEN = 'A user with that username already exists.';
export const REGISTRATION_CLOSED =
  'Registration is closed on this server: ask its administrators for an account.';
export const INVITE_NEEDED =
  'Registration on this server is by invitation: open the invite link an administrator or a caravan leader gave you.';

/**
 * Creating an account (DESIGN 2 and 11): as REGISTRATION allows (anyone, with an invite link, or
 * nobody), with Django's password rules, and signed in at once. An invite's code is used up by the
 * registration it admits, in the same transaction.
 */
export class RegistrationService {
  constructor(
    private readonly db: Db,
    private readonly mode: Config['registration'],
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    private readonly invites: InvitesService,
  ) {}

  async register(input: Registration): Promise<string> {
    if (this.mode === 'closed') throw Forbidden(REGISTRATION_CLOSED);
    if (this.mode === 'invite' && !input.invite) throw Forbidden(INVITE_NEEDED);
    // A spent link is said before anything else is asked of the form.
    if (input.invite) await this.invites.usable(input.invite);
    if (input.password1 !== input.password2) {
      throw ValidationFailed({ non_field_errors: ["The two password fields didn't match."] });
    }
    const problems = await passwordProblems(input.password1, input);
    if (problems.length > 0) throw ValidationFailed({ password1: problems });
    if (await this.users.findByUsername(input.username)) throw fieldError('username', USERNAME_TAKEN);

    const passwordHash = await hashPassword(input.password1);
    const invite = input.invite;
    let user: UserRow;
    try {
      user = await this.db.kysely.transaction().execute(async (trx) => {
        const made = await this.users.insert(
          {
            username: input.username,
            username_key: usernameKey(input.username),
            email: input.email ?? '',
            password_hash: passwordHash,
            role: 'Pilgrim',
            location: '',
            is_system: 0,
            created_at: now(),
          },
          trx,
        );
        if (invite) await this.invites.redeem(invite, made, trx);
        return made;
      });
    } catch (error) {
      // Two registrations racing for one name: the unique index decides, the loser hears why.
      if (isUniqueViolation(error)) throw fieldError('username', USERNAME_TAKEN);
      throw error;
    }
    return this.tokens.issue(user.id);
  }
}
