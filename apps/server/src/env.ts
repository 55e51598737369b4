import { z } from 'zod';
import { OidcEnv, oidcProblems } from './oidc-settings.js';

/** A setting the environment leaves out, or sets to an empty string, takes its default. */
const unset = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());

const number = (what: string, check: (n: number) => boolean) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, `must be a number (${what})`)
      .transform(Number)
      .refine(check, `must be ${what}`),
  );
const positive = number('greater than 0', (n) => n > 0);
/**
 * The longest wait a setting may ask for. Node fires a timer set past 2^31-1 ms (about 24.8 days)
 * after 1 ms instead, and no wait of the server's needs more than a day.
 */
const MAX_SECONDS = 86_400;
/**
 * A wait in seconds, used to the millisecond: from 0 where 0 means something (no wait), otherwise
 * from 0.001, so that no value rounds to a 0 ms timer.
 */
const seconds = (least: 0 | 0.001) =>
  number(`a number of seconds from ${least} to ${MAX_SECONDS}`, (n) => n >= least && n <= MAX_SECONDS);
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  number(`a whole number from ${min} to ${max}`, (n) => Number.isInteger(n) && n >= min && n <= max);
const flag = optional(
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
);
const text = optional(z.string().trim().min(1));

const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;
const stripeKey = (pattern: RegExp, what: string) =>
  optional(z.string().trim().regex(pattern, `must be ${what}`));
/** redis://[[user]:password@]host[:port][/db], or rediss:// for TLS. */
function isRedisUrl(value: string): boolean {
  if (!/^rediss?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && /^(\/\d{0,2})?$/.test(url.pathname);
  } catch {
    return false;
  }
}
/**
 * An http(s) origin as written into links: a valid host and port, and no user, path (but '/'),
 * query or fragment, which a link built on it would carry along or break on.
 */
function isOrigin(value: string): boolean {
  // An empty query or fragment (`https://host?`) leaves no trace in the parsed URL.
  if (/[?#]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.port !== '0' &&
      url.username === '' &&
      url.password === '' &&
      url.pathname === '/'
    );
  } catch {
    return false;
  }
}
const stripePrice = stripeKey(/^price_[A-Za-z0-9_]{1,200}$/, 'a Stripe price id (price_...)');

/**
 * Every setting read from the environment, checked in one place: a value that cannot be used
 * stops the server with a message naming the variable, rather than being quietly replaced.
 */
export const EnvSchema = z.object({
  PORT: whole(0, 65535),
  HOST: text,
  DATA_DIR: text,
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite in DATA_DIR)'),
  ),
  SECRET_KEY: optional(z.string().min(16, 'must be at least 16 characters')),
  REDIS_URL: optional(
    z
      .string()
      .trim()
      .refine(
        isRedisUrl,
        'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379 (or leave it unset)',
      ),
  ),
  PG_POOL_SIZE: whole(1, 1000),
  IMPORT_CONCURRENCY: whole(1, 64),
  MIGRATE_ON_START: flag,
  SHUTDOWN_GRACE_SECONDS: seconds(0),
  SHUTDOWN_TIMEOUT_SECONDS: seconds(0.001),
  API_PREFIX: optional(
    z
      .string()
      .trim()
      .regex(/^\/?[A-Za-z0-9._~/-]*$/, 'must be a path such as /api'),
  ),
  PAYMENTS_ENABLED: flag,
  STRIPE_PUBLISHABLE_KEY: stripeKey(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'a Stripe publishable key (pk_...)'),
  STRIPE_SECRET_KEY: stripeKey(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'a Stripe secret key (sk_...)'),
  STRIPE_WEBHOOK_SECRET: stripeKey(
    /^whsec_[A-Za-z0-9+/=_-]+$/,
    'a Stripe webhook signing secret (whsec_...)',
  ),
  // Tests point the SDK at tools/fake-stripe; the SDK takes a host, port and protocol, not a path.
  STRIPE_API_BASE: stripeKey(
    /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?\/?$/i,
    'an address such as http://127.0.0.1:12111 (no path)',
  ),
  STRIPE_PRICE_MERCHANT_MONTH: stripePrice,
  STRIPE_PRICE_MERCHANT_YEAR: stripePrice,
  STRIPE_PRICE_SULTAN_MONTH: stripePrice,
  STRIPE_PRICE_SULTAN_YEAR: stripePrice,
  SUPPORT_EMAIL: optional(z.string().trim().email('must be an e-mail address')),
  WELL_ALLOWED_HOSTS: optional(
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((hosts) => hosts.every((h) => HOST_PORT.test(h)), 'must be a comma list of host or host:port'),
  ),
  WEB_ROOT: text,
  CLI_BUNDLE: text,
  AUTH_RATE_LIMIT: whole(1),
  QUERY_TIMEOUT_SECONDS: seconds(0.001),
  MAX_ANSWER_CHARS: whole(1000),
  IMPORT_MAX_MB: whole(1, 1_048_576),
  FILE_MAX_MB: whole(1, 1024),
  USER_FILES_MAX_MB: whole(1, 1_048_576),
  PUBLIC_ORIGIN: optional(
    z
      .string()
      .trim()
      .refine(
        isOrigin,
        'must be an origin such as https://logbooks.example.org: http(s), a host and maybe a port, nothing else',
      ),
  ),
  TRUST_PROXY: whole(0, 100),
  REQUEST_TIMEOUT_SECONDS: seconds(0.001),
  CONNECTION_TIMEOUT_SECONDS: seconds(0.001),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(0.001),
  SERVE_SOURCE_MAPS: flag,
  TOKEN_TTL_DAYS: positive,
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
  ),
  LOG_FORMAT: optional(z.enum(['pretty', 'json'], { error: 'must be pretty or json' })),
  ADMIN_USERNAMES: optional(
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .refine(
        (names) => names.every((n) => /^[\w.@+-]{1,150}$/.test(n)),
        'must be a comma list of usernames',
      ),
  ),
  REGISTRATION: optional(z.enum(['open', 'invite', 'closed'], { error: 'must be open, invite or closed' })),
  SMTP_URL: optional(
    z
      .string()
      .trim()
      .regex(
        /^smtps?:\/\/[^/\s]+/i,
        'must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.org',
      ),
  ),
  MAIL_FROM: optional(
    z
      .string()
      .trim()
      .regex(
        /^([^\r\n<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'must be an address such as noreply@example.org or Caravanserai <noreply@example.org>',
      ),
  ),
  ...OidcEnv,
});
export type Env = z.output<typeof EnvSchema>;

/** With payments on, no payment can be taken without each of these (STRIPE_API_BASE is for tests). */
export const PAYMENT_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_MERCHANT_MONTH',
  'STRIPE_PRICE_MERCHANT_YEAR',
  'STRIPE_PRICE_SULTAN_MONTH',
  'STRIPE_PRICE_SULTAN_YEAR',
] as const;

const Checked = EnvSchema.superRefine((env, services) => {
  for (const { name, message } of oidcProblems(env))
    services.addIssue({ code: 'custom', path: [name], message });
  if (!env.PAYMENTS_ENABLED) return;
  for (const name of PAYMENT_SETTINGS) {
    if (env[name] === undefined)
      services.addIssue({
        code: 'custom',
        path: [name],
        message: 'must be set when PAYMENTS_ENABLED is true',
      });
  }
});

/** Settings whose values a refusal must not repeat: they are secrets (a Redis URL may hold a password). */
const HIDDEN: ReadonlySet<string> = new Set([
  'SECRET_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'REDIS_URL',
  'SMTP_URL',
  'OIDC_CLIENT_SECRET',
]);

/**
 * URL settings a refusal repeats with any password masked (see withoutPassword): DATABASE_URL
 * holds one, and one typed into PUBLIC_ORIGIN is just as secret.
 */
const MASKED: ReadonlySet<string> = new Set(['DATABASE_URL', 'PUBLIC_ORIGIN']);
/** Words naming a password where a URL or a libpq `key=value` string may carry one. */
const PASSWORD_WORD = /pass|pwd|secret|token|key/i;

/**
 * A URL setting as a message may show it: its password, and any query parameter that looks like
 * one, masked (as written when it holds none). Null when it cannot be shown safely: not a URL with
 * a host (a password may then sit anywhere in it), or an `@` past the host (a password holding
 * `/` spills into the path).
 */
export function withoutPassword(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host === '' || `${parsed.pathname}${parsed.search}${parsed.hash}`.includes('@')) return null;
  let masked = false;
  if (parsed.password) {
    parsed.password = '***';
    masked = true;
  }
  for (const key of new Set(parsed.searchParams.keys())) {
    if (!PASSWORD_WORD.test(key)) continue;
    parsed.searchParams.set(key, '***');
    masked = true;
  }
  // Rewritten only when something was masked, so the message shows the value as it was written.
  return masked ? parsed.toString() : url;
}

function shown(name: string, value: string | undefined): string {
  if (!value) return JSON.stringify(value ?? '');
  if (HIDDEN.has(name)) return '(hidden)';
  if (!MASKED.has(name)) return JSON.stringify(value);
  const masked = withoutPassword(value.trim());
  if (masked !== null) return JSON.stringify(masked);
  // Not a URL: shown as written unless something in it could be a password.
  return value.includes('@') || PASSWORD_WORD.test(value) ? '(hidden)' : JSON.stringify(value);
}

/** A setting that cannot be used; its message names every such variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function parseEnv(env: Record<string, string | undefined>): Env {
  const parsed = Checked.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    return `${name}=${shown(name, env[name])} ${issue.message}`;
  });
  throw new ConfigError(`Cannot start with these settings:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
