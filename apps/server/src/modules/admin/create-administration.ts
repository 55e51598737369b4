import type { FastifyBaseLogger } from 'fastify';
import type { CaravanAccess } from '../../access/caravan-access.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import { AccountGate } from '../auth/account-gate.js';
import { smtpMailer } from '../auth/mailer.js';
import { PasswordResetService } from '../auth/password-reset.service.js';
import { PasswordResetsRepository } from '../auth/password-resets.repository.js';
import { RegistrationService } from '../auth/registration.service.js';
import { TokensRepository } from '../auth/tokens.repository.js';
import type { TokenService } from '../auth/tokens.service.js';
import type { UsersRepository } from '../auth/users.repository.js';
import type { AuditRepository } from '../caravans/audit.repository.js';
import type { CaravansRepository } from '../caravans/caravans.repository.js';
import { AdminUsersRepository } from './admin-users.repository.js';
import { AdminUsersService } from './admin-users.service.js';
import { Administrators } from './administrators.js';
import { RegistrationInvitesRepository } from './invites.repository.js';
import { InvitesService } from './invites.service.js';

/** Who may come in and who runs the place (DESIGN 11), wired once per app. */
export interface Administration {
  /** The users named in ADMIN_USERNAMES. */
  admins: Administrators;
  /** The check every credential's user passes: disabled users refused, last visits noted. */
  accountGate: AccountGate;
  /** Creating accounts, as REGISTRATION allows. */
  registration: RegistrationService;
  /** Password reset links by e-mail; unavailable without SMTP_URL. */
  passwordResets: PasswordResetService;
  adminUsers: AdminUsersService;
  /** Invite links, made by administrators and caravan leaders. */
  invites: InvitesService;
}

export interface AdministrationParts {
  config: Config;
  db: Db;
  users: UsersRepository;
  tokens: TokenService;
  caravans: CaravansRepository;
  audit: AuditRepository;
  caravanAccess: CaravanAccess;
  log?: FastifyBaseLogger | undefined;
}

export function createAdministration(parts: AdministrationParts): Administration {
  const { config, db, users } = parts;
  const admins = new Administrators(config.adminUsernames);
  const invites = new InvitesService(
    db.kysely,
    new RegistrationInvitesRepository(db.kysely),
    admins,
    parts.caravanAccess,
    parts.caravans,
    parts.audit,
  );
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : null;
  return {
    admins,
    accountGate: new AccountGate(users),
    registration: new RegistrationService(db, config.registration, users, parts.tokens, invites),
    passwordResets: new PasswordResetService(
      db,
      users,
      new PasswordResetsRepository(db.kysely),
      new TokensRepository(db.kysely),
      mailer,
      (error) => parts.log?.error({ err: error }, 'a password reset link could not be mailed'),
    ),
    adminUsers: new AdminUsersService(admins, users, new AdminUsersRepository(db.kysely)),
    invites,
  };
}
