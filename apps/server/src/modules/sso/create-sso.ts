import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import type { TokenService } from '../auth/tokens.service.js';
import type { UsersRepository } from '../auth/users.repository.js';
import { OidcClient } from './oidc-client.js';
import { SsoService } from './sso.service.js';
import { SsoAccounts } from './sso-accounts.js';
import { SsoAttemptsRepository } from './sso-attempts.repository.js';
import { SsoIdentitiesRepository } from './sso-identities.repository.js';

/** Single sign-on wired once per app; null while OIDC_ISSUER and its companions are unset. */
export function createSso(
  config: Config,
  db: Db,
  users: UsersRepository,
  tokens: TokenService,
  log?: FastifyBaseLogger,
): SsoService | null {
  const settings = config.oidc;
  if (!settings) return null;
  const provider = new OidcClient(settings, (error, what) => log?.warn({ err: error }, what));
  const accounts = new SsoAccounts(db, users, new SsoIdentitiesRepository(db.kysely), {
    registration: config.registration,
    allowedDomains: settings.allowedDomains,
    adminUsernames: config.adminUsernames,
  });
  return new SsoService(provider, new SsoAttemptsRepository(db.kysely), accounts, tokens);
}
