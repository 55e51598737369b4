import type { Config } from '../../config.js';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { Forbidden } from '../../errors.js';
import { ACCOUNT_DISABLED } from '../auth/account-gate.js';
import { UNUSABLE_PASSWORD } from '../auth/password.js';
import { REGISTRATION_CLOSED } from '../auth/registration.service.js';
import { type UsersRepository, usernameKey } from '../auth/users.repository.js';
import type { SsoIdentitiesRepository } from './sso-identities.repository.js';
import { domainRefusal, emailRefusal, type SsoPerson } from './sso-person.js';
import { usernameBase, usernameCandidate } from './sso-username.js';

/** How many names a new account tries (alice, alice2, ...) before giving up. */
const NAME_TRIES = 50;

export interface SsoAccountRules {
  /** REGISTRATION: who may get a new account. */
  registration: Config['registration'];
  /** OIDC_ALLOWED_DOMAINS, lower case; empty: any. */
  allowedDomains: readonly string[];
  /** ADMIN_USERNAMES: names a new account never takes, so nobody signs in as an administrator-to-be. */
  adminUsernames: readonly string[];
}

/**
 * Which account a person signed in at the provider is (DESIGN 11): the one their issuer and
 * subject signed in to before; else the one account with their verified e-mail, which is joined
 * (remembering the subject); else a new account, as REGISTRATION and OIDC_ALLOWED_DOMAINS allow.
 * Every refusal is said in words and writes nothing.
 */
export class SsoAccounts {
  private readonly reservedNames: ReadonlySet<string>;

  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly identities: SsoIdentitiesRepository,
    private readonly rules: SsoAccountRules,
  ) {
    this.reservedNames = new Set(rules.adminUsernames.map(usernameKey));
  }

  async accountOf(person: SsoPerson): Promise<UserRow> {
    const domain = domainRefusal(person, this.rules.allowedDomains);
    if (domain) throw Forbidden(domain);
    const known = await this.identities.findUser(person.issuer, person.subject);
    if (known) {
      admitted(known);
      await this.identities.touch(person.issuer, person.subject, now());
      return known;
    }
    const refusal = emailRefusal(person);
    if (refusal) throw Forbidden(refusal);
    const email = person.email ?? '';
    const same = await this.users.findByEmail(email);
    if (same.length > 1)
      throw Forbidden(
        `Several accounts on this server use ${email}, so single sign-on cannot tell which is yours: sign in with your password, or ask an administrator.`,
      );
    const [existing] = same;
    if (existing) return this.join(existing, person);
    this.mayRegister();
    return this.create(person, email);
  }

  /** The account with the person's verified e-mail, from now on found by their subject too. */
  private async join(user: UserRow, person: SsoPerson): Promise<UserRow> {
    admitted(user);
    try {
      await this.identities.insert(person.issuer, person.subject, user.id, now(), this.db.kysely);
    } catch (error) {
      // The same person's other sign-in, at the same moment, remembered them first.
      if (!isUniqueViolation(error)) throw error;
      return this.accountOf(person);
    }
    return user;
  }

  /**
   * REGISTRATION as a company expects of its identity provider: open lets anyone it vouches for
   * in; invite lets in the people of OIDC_ALLOWED_DOMAINS (the list is the company's invitation;
   * without one, everybody with an account at the provider would be invited); closed lets in
   * only the accounts that exist.
   */
  private mayRegister(): void {
    const { registration, allowedDomains } = this.rules;
    if (registration === 'closed') throw Forbidden(REGISTRATION_CLOSED);
    if (registration === 'invite' && allowedDomains.length === 0)
      throw Forbidden(
        'Registration on this server is by invitation: register with the invite link an administrator or a caravan leader gave you, with this e-mail address, then sign in with single sign-on.',
      );
  }

  /** A new account without a password (signing in is the provider's), under a free username. */
  private async create(person: SsoPerson, email: string): Promise<UserRow> {
    const base = usernameBase(person.preferredUsername, person.email);
    for (let n = 1, tries = 0; tries < NAME_TRIES; n++) {
      const username = usernameCandidate(base, n);
      if (this.reservedNames.has(usernameKey(username))) continue;
      tries++;
      if (await this.users.findByUsername(username)) continue;
      try {
        return await this.insert(person, username, email);
      } catch (error) {
        // Taken in the meantime: by a registration (the name), or by the same person's other
        // sign-in (the subject), which then made the account this one finds.
        if (!isUniqueViolation(error)) throw error;
        const made = await this.identities.findUser(person.issuer, person.subject);
        if (made) return made;
      }
    }
    throw new Error(`no free username from '${base}' after ${NAME_TRIES} tries`);
  }

  private insert(person: SsoPerson, username: string, email: string): Promise<UserRow> {
    const at = now();
    return this.db.kysely.transaction().execute(async (trx) => {
      const user = await this.users.insert(
        {
          username,
          username_key: usernameKey(username),
          email,
          password_hash: UNUSABLE_PASSWORD,
          role: 'Pilgrim',
          location: '',
          is_system: 0,
          created_at: at,
        },
        trx,
      );
      await this.identities.insert(person.issuer, person.subject, user.id, at, trx);
      return user;
    });
  }
}

/** A disabled account is refused here as at every other door. */
function admitted(user: UserRow): void {
  if (user.disabled_at !== null || user.is_system) throw Forbidden(ACCOUNT_DISABLED);
}
