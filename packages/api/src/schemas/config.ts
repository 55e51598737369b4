import { z } from 'zod';
import { RegistrationMode } from './admin.js';

/**
 * `GET /config/` (public): what a client needs to know about this server before anything else.
 * The server also writes it into the web app's index.html (see PUBLIC_CONFIG_ELEMENT_ID), since
 * the page cannot ask for it without already knowing where the API lives.
 */
export const PublicConfig = z.object({
  /** Whether subscriptions and payments are switched on (PAYMENTS_ENABLED). */
  payments_enabled: z.boolean(),
  /** Where users write to cancel a subscription or ask for help (SUPPORT_EMAIL). */
  support_email: z.string(),
  /** The card provider's publishable key; null whenever payments are off, or when it is not set. */
  stripe_publishable_key: z.string().nullable(),
  /** Where the REST API is mounted on this origin, e.g. '/api' ('' for the root). */
  api_prefix: z.string(),
  /** Who may create an account: anyone, only with an invite link, or nobody (REGISTRATION). */
  registration: RegistrationMode.default('open'),
  /** Whether a forgotten password can be reset by e-mail (SMTP_URL is set). */
  password_reset: z.boolean().default(false),
  /** Single sign-on (OIDC_ISSUER is set): the login page's 'Sign in with {label}'; null: none. */
  sso: z.object({ label: z.string() }).nullable().default(null),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

/**
 * The id of the `<script type="application/json">` element that carries PublicConfig in the
 * served index.html: a data block, which browsers never execute, so the page's CSP allows it.
 */
export const PUBLIC_CONFIG_ELEMENT_ID = 'caravanserai-config';
