import { z } from 'zod';
import type { Env } from './env.js';

/** What the server needs to sign people in with an OpenID Connect provider (DESIGN 11). */
export interface OidcSettings {
  /** The provider's issuer identifier, exactly as its discovery document names it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The login page's 'Sign in with {label}'. */
  label: string;
  /** E-mail domains (lower case) whose people may sign in this way; empty: any. */
  allowedDomains: string[];
}

/** The settings that turn single sign-on on: all three, or none. */
export const OIDC_REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
/** Settings that mean nothing without the three. */
const OIDC_OPTIONAL = ['OIDC_BUTTON_LABEL', 'OIDC_ALLOWED_DOMAINS'] as const;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An issuer is reached over HTTPS; plain HTTP only on this machine's loopback, where nothing
 * travels over a network (a provider run beside the server, as the tests run one).
 */
function isIssuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const unset = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());

/** The environment's single sign-on settings, checked as env.ts checks every other. */
export const OidcEnv = {
  OIDC_ISSUER: optional(
    z
      .string()
      .trim()
      .refine(
        isIssuerUrl,
        "must be the provider's issuer URL, https:// (http:// only on loopback), e.g. https://accounts.google.com",
      ),
  ),
  OIDC_CLIENT_ID: optional(z.string().trim().min(1).max(255, 'must be at most 255 characters')),
  OIDC_CLIENT_SECRET: optional(z.string().min(1).max(1024, 'must be at most 1024 characters')),
  OIDC_BUTTON_LABEL: optional(
    z
      .string()
      .trim()
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a label is one line of plain text
      .regex(/^[^\u0000-\u001f\u007f]{1,40}$/, 'must be one line of at most 40 characters'),
  ),
  OIDC_ALLOWED_DOMAINS: optional(
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
          .filter(Boolean),
      )
      .refine(
        (domains) => domains.length > 0 && domains.every((d) => DOMAIN.test(d)),
        'must be a comma list of e-mail domains such as example.org,example.com',
      ),
  ),
};

type OidcEnvValues = { [K in keyof typeof OidcEnv]?: z.output<(typeof OidcEnv)[K]> };

/** The names of the single sign-on settings that are missing or meaningless, with why. */
export function oidcProblems(env: OidcEnvValues): { name: string; message: string }[] {
  const given = OIDC_REQUIRED.filter((name) => env[name] !== undefined);
  if (given.length === OIDC_REQUIRED.length) return [];
  const together = `${OIDC_REQUIRED.join(', ')} are needed together for single sign-on`;
  if (given.length > 0)
    return OIDC_REQUIRED.filter((name) => env[name] === undefined).map((name) => ({
      name,
      message: `must be set: ${together} (${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set)`,
    }));
  return OIDC_OPTIONAL.filter((name) => env[name] !== undefined).map((name) => ({
    name,
    message: `means nothing without single sign-on: set ${OIDC_REQUIRED.join(', ')} too, or leave it unset`,
  }));
}

/** Reads the settings; env.ts has already refused to start with only some of the three. */
export function loadOidcSettings(env: Env): OidcSettings | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    label: env.OIDC_BUTTON_LABEL ?? 'SSO',
    allowedDomains: env.OIDC_ALLOWED_DOMAINS ?? [],
  };
}
