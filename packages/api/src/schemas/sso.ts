import { z } from 'zod';
import { Line } from './text.js';

/**
 * Single sign-on with an OpenID Connect provider (DESIGN 11). The browser is sent to the provider
 * with the address `start` answers, comes back to the web app's SSO_CALLBACK_PAGE with the
 * provider's `code`, `state` and `iss`, and the page hands those to `callback`, with the key this
 * browser was given at the start, for the app's token.
 */

/** The web app's page the provider sends the browser back to: the redirect URI to register there. */
export const SSO_CALLBACK_PAGE = '/login/sso/';

/** Where a browser keeps `browser_key` between the start and the callback (sessionStorage). */
export const SSO_BROWSER_KEY_ITEM = 'caravanserai.sso';

/** How long a sign-in may take at the provider, from the start to the callback. */
export const SSO_ATTEMPT_MINUTES = 10;

export const SsoStarted = z.object({
  /** The provider's authorization address for this attempt: send the browser there. */
  authorization_url: z.string(),
  /**
   * A secret of this attempt for the browser that started it to keep (sessionStorage) and give
   * back with the callback: another browser handed the provider's answer cannot finish it.
   */
  browser_key: z.string(),
});
export type SsoStarted = z.infer<typeof SsoStarted>;

const STALE = 'This sign-in attempt is not valid: start again from the login page.';
const param = (max: number) => Line().max(max, STALE);

/** The provider's answer as the callback page got it in its address, and the browser's key. */
export const SsoCallback = z.object({
  state: param(512).min(1, STALE),
  browser_key: param(128)
    .min(1, STALE)
    .regex(/^[A-Za-z0-9_-]+$/, STALE),
  /** The authorization code; absent when the provider answered an error instead. */
  code: param(4096).optional(),
  /** The issuer the answer names (RFC 9207), passed on for the client library to check. */
  iss: param(2048).optional(),
  error: param(256).optional(),
  error_description: param(2048).optional(),
});
export type SsoCallback = z.infer<typeof SsoCallback>;
