import { defineRoute } from '../route.js';
import { TokenResponse } from '../schemas/auth.js';
import { SsoCallback, SsoStarted } from '../schemas/sso.js';

/**
 * Single sign-on with the server's OpenID Connect provider (DESIGN 11). Both answer 404 while
 * single sign-on is not set up (OIDC_ISSUER unset), and 503 while the provider cannot be reached.
 */
export const ssoRoutes = {
  /** A new sign-in attempt (state, nonce and PKCE verifier kept by the server for 10 minutes). */
  start: defineRoute({
    method: 'POST',
    path: '/rest-auth/oidc/start/',
    response: { 200: SsoStarted },
    errors: ['not_found', 'throttled', 'provider_error'],
  }),
  /**
   * Finishes the attempt the state names, once: the code is exchanged and the ID token checked,
   * then the account is found, joined by verified e-mail or created, and a sign-in token issued
   * as after a password login. 400 for a stale, forged or replayed answer or one the provider's
   * token does not bear out; 403 for a person this server does not admit, in words.
   */
  callback: defineRoute({
    method: 'POST',
    path: '/rest-auth/oidc/callback/',
    body: SsoCallback,
    response: { 200: TokenResponse },
    errors: ['invalid', 'not_found', 'throttled', 'permission_denied', 'provider_error'],
  }),
};
