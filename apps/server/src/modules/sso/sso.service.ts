import { randomBytes } from 'node:crypto';
import { SSO_ATTEMPT_MINUTES, SSO_CALLBACK_PAGE, type SsoCallback, type SsoStarted } from '@caravanserai/api';
import * as client from 'openid-client';
import { now } from '../../db/columns.js';
import { HttpError } from '../../errors.js';
import { hashToken } from '../auth/token.js';
import type { TokenService } from '../auth/tokens.service.js';
import type { OidcClient } from './oidc-client.js';
import type { SsoAccounts } from './sso-accounts.js';
import type { SsoAttemptsRepository } from './sso-attempts.repository.js';
import { personOf } from './sso-person.js';

const ATTEMPT_MS = SSO_ATTEMPT_MINUTES * 60_000;

export const STALE_ATTEMPT =
  'This sign-in attempt is unknown, expired or already used, or was started in another browser: start again from the login page.';

/**
 * Single sign-on (DESIGN 11), start to finish. An attempt's state, nonce and PKCE verifier are
 * kept in the database (any server process may get the callback), by the state's hash and bound
 * to a key only the starting browser holds; the callback takes the attempt once, has the code
 * exchanged and the ID token validated, finds the account and issues a token exactly as a
 * password login does.
 */
export class SsoService {
  constructor(
    private readonly provider: OidcClient,
    private readonly attempts: SsoAttemptsRepository,
    private readonly accounts: SsoAccounts,
    private readonly tokens: TokenService,
  ) {}

  /** A new attempt; `origin` is the server's public origin, where the provider sends the browser back. */
  async start(origin: string): Promise<SsoStarted> {
    const checks = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const browserKey = randomBytes(24).toString('base64url');
    const redirectUri = `${origin}${SSO_CALLBACK_PAGE}`;
    // The provider is asked first: while it cannot be reached, nothing is stored.
    const url = await this.provider.authorizationUrl(redirectUri, checks);
    const at = now();
    await this.attempts.deleteExpired(at);
    await this.attempts.insert({
      state_hash: hashToken(checks.state),
      browser_hash: hashToken(browserKey),
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      redirect_uri: redirectUri,
      created_at: at,
      expires_at: at + ATTEMPT_MS,
    });
    return { authorization_url: url.href, browser_key: browserKey };
  }

  /** The provider's answer, handed over by the callback page: a sign-in token, or a refusal in words. */
  async finish(answer: SsoCallback): Promise<string> {
    const attempt = await this.attempts.take(hashToken(answer.state), hashToken(answer.browser_key));
    if (!attempt || attempt.expires_at <= now()) throw new HttpError(400, 'invalid', STALE_ATTEMPT);
    const claims = await this.provider.exchange(callbackUrl(attempt.redirect_uri, answer), {
      state: answer.state,
      nonce: attempt.nonce,
      codeVerifier: attempt.code_verifier,
    });
    const user = await this.accounts.accountOf(personOf(claims));
    return this.tokens.issue(user.id);
  }
}

/** The address the provider sent the browser to, as the library reads an authorization response. */
function callbackUrl(redirectUri: string, answer: SsoCallback): URL {
  const url = new URL(redirectUri);
  for (const name of ['code', 'state', 'iss', 'error', 'error_description'] as const) {
    const value = answer[name];
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url;
}
