import { z } from 'zod';

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
  PG_POOL_SIZE: whole(1, 1000),
  MIGRATE_ON_START: flag,
  SHUTDOWN_GRACE_SECONDS: number('0 or more', (n) => n >= 0),
  SHUTDOWN_TIMEOUT_SECONDS: positive,
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
  QUERY_TIMEOUT_SECONDS: positive,
  MAX_ANSWER_CHARS: whole(1000),
  IMPORT_MAX_MB: whole(1, 1_048_576),
  FILE_MAX_MB: whole(1, 1024),
  USER_FILES_MAX_MB: whole(1, 1_048_576),
  PUBLIC_ORIGIN: optional(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+\/*$/, 'must be an origin such as https://logbooks.example.org'),
  ),
  TRUST_PROXY: whole(0, 100),
  REQUEST_TIMEOUT_SECONDS: positive,
  CONNECTION_TIMEOUT_SECONDS: positive,
  KEEP_ALIVE_TIMEOUT_SECONDS: positive,
  SERVE_SOURCE_MAPS: flag,
  TOKEN_TTL_DAYS: positive,
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
  ),
  LOG_FORMAT: optional(z.enum(['pretty', 'json'], { error: 'must be pretty or json' })),
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

/** Settings whose values a refusal must not repeat: they are secrets. */
const HIDDEN: ReadonlySet<string> = new Set(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);

/** A setting that cannot be used; its message names every such variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function parseEnv(env: Record<string, string | undefined>): Env {
  const parsed = Checked.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    const shown = HIDDEN.has(name) && env[name] ? '(hidden)' : JSON.stringify(env[name] ?? '');
    return `${name}=${shown} ${issue.message}`;
  });
  throw new ConfigError(`Cannot start with these settings:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
