import type { PublicConfig } from '@caravanserai/api';
import type { Config } from '../../config.js';

/** The settings any client may know: `GET /config/` and the served index.html both carry them. */
export function publicConfig(config: Config): PublicConfig {
  return {
    payments_enabled: config.paymentsEnabled,
    support_email: config.supportEmail,
    // A key for a switched-off feature would only invite clients to use it.
    stripe_publishable_key: config.paymentsEnabled ? config.stripePublishableKey : null,
    api_prefix: config.apiPrefix,
    registration: config.registration,
    password_reset: config.smtpUrl !== null,
    sso: config.oidc ? { label: config.oidc.label } : null,
  };
}
