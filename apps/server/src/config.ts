import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, type Env, parseEnv } from './env.js';
import { createDataDir } from './lib/data-dir.js';
import { loadOidcSettings, type OidcSettings } from './oidc-settings.js';
import { loadStripeSettings, type StripeSettings } from './stripe-settings.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL switches the store to PostgreSQL; otherwise SQLite under dataDir. */
  databaseUrl: string | null;
  /** Connections each server process keeps to PostgreSQL (PG_POOL_SIZE). */
  pgPoolSize: number;
  /** Imports and restores running at once across every server process (IMPORT_CONCURRENCY). */
  importConcurrency: number;
  /** Run the migrations on start (MIGRATE_ON_START); false leaves them to `npm run migrate`. */
  migrateOnStart: boolean;
  /** On SIGTERM: how long the process still serves, not ready, so a balancer moves away. */
  shutdownGraceMs: number;
  /** Then: how long running requests and answer streams may take to finish before it exits. */
  shutdownTimeoutMs: number;
  secretKey: string;
  /** REDIS_URL: rate limits and Stop signals go through Redis instead of PostgreSQL; null: not. */
  redisUrl: string | null;
  /** What every Redis key and channel of this server starts with (tests give each run its own). */
  redisPrefix: string;
  apiPrefix: string;
  paymentsEnabled: boolean;
  supportEmail: string;
  /** The card provider's publishable key, told to browsers (GET /config/) when payments are on. */
  stripePublishableKey: string | null;
  /** Stripe's keys, webhook secret and prices: set exactly when payments are on. */
  stripe: StripeSettings | null;
  /** host[:port] entries that wells may call although private or loopback. */
  wellAllowedHosts: string[];
  /** Folder of the built web app; a minimal page is served when it does not exist. */
  webRoot: string;
  /** Login and registration attempts allowed per IP per minute. */
  authRateLimit: number;
  bodyLimit: number;
  /** The largest export file an import takes (IMPORT_MAX_MB); its upload is streamed to disk. */
  importMaxBytes: number;
  /** The import queue's lease, renewal and poll times in ms; unset, its own (tests shorten them). */
  importQueueTimings?: { leaseMs?: number; renewMs?: number; pollMs?: number } | undefined;
  /** The largest file a query may carry (FILE_MAX_MB). */
  fileMaxBytes: number;
  /** What one user's uploaded files may take together (USER_FILES_MAX_MB). */
  userFilesMaxBytes: number;
  /** How long a provider may take to answer a query. */
  queryTimeoutMs: number;
  /** The longest answer stored: the provider's stream is not read past it (MAX_ANSWER_CHARS). */
  maxAnswerChars: number;
  /** The bundled CLI packed into the downloads. */
  cliBundle: string;
  /** The origin written into downloaded packages; unset, one the server knows itself by. */
  publicOrigin: string | null;
  /** Trust X-Forwarded-* from this many proxies in front (client IPs for rate limits). */
  trustProxy: number;
  /** Time to receive a whole request, headers and body: a client dribbling its body is cut off. */
  requestTimeoutMs: number;
  /** Time to receive a request's headers (never more than requestTimeoutMs). */
  headersTimeoutMs: number;
  /** A socket with no bytes flowing either way is closed after this; above the query timeout. */
  connectionTimeoutMs: number;
  /** How long an idle keep-alive connection waits for its next request. */
  keepAliveTimeoutMs: number;
  /** Serve the web build's *.map files (they expose the original sources). */
  serveSourceMaps: boolean;
  /** A token unused for this long is refused and deleted (TOKEN_TTL_DAYS, like the 30-day cookie). */
  tokenTtlMs: number;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  /** `pretty`: lines a person reads at a terminal; `json`: one object a line, for log collectors. */
  logFormat: NonNullable<Env['LOG_FORMAT']>;
  /** The users who administer this server (ADMIN_USERNAMES), as written. */
  adminUsernames: string[];
  /** Who may create an account (REGISTRATION): anyone, with an invite link, or nobody. */
  registration: NonNullable<Env['REGISTRATION']>;
  /** Where password reset mail goes out (SMTP_URL); null: reset is not available. */
  smtpUrl: string | null;
  /** The sender of the server's mail (MAIL_FROM). */
  mailFrom: string;
  /** Single sign-on with an OpenID Connect provider (OIDC_...); null: not set up. */
  oidc: OidcSettings | null;
}

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root, whether running from src/ or from the bundled dist/. */
export const repoRoot = resolve(here, '..', '..', '..');

export const MAX_BODY_BYTES = 5 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

// Policy numbers: fixed choices of the code, not settings (what the environment sets is env.ts's).

/**
 * How long a caravan's query reservation outlives the longest query (the query timeout): time to
 * store the answer and its usage row, which replaces the reservation, before it expires.
 */
export const RESERVATION_MARGIN_MS = 60_000;

/**
 * The largest model list a well's provider may send: lists are small (OpenRouter's, among the
 * largest, is about a megabyte), so this leaves room and still stops an endless answer.
 */
export const MODEL_LIST_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The longest a well's connection test waits (never longer than a query may take): someone is
 * waiting at the form.
 */
export const WELL_CHECK_TIMEOUT_MS = 15_000;

/**
 * The longest path parameter the router matches: above the longest username (150 characters), so
 * a long one reaches its schema's error instead of the router's bare 404.
 */
export const MAX_PARAM_LENGTH = 200;

/** What every Redis key and channel of the server starts with. */
export const REDIS_PREFIX = 'caravanserai:';

type RawEnv = Record<string, string | undefined>;

/** The server's settings from the environment (see env.ts); throws ConfigError naming a bad one. */
export function loadConfig(raw: RawEnv = process.env): Config {
  const env = parseEnv(raw);
  const dataDir = resolve(env.DATA_DIR ?? join(repoRoot, 'data'));
  const queryTimeoutMs = seconds(env.QUERY_TIMEOUT_SECONDS, 120_000);
  return {
    port: env.PORT ?? 8000,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? null,
    pgPoolSize: env.PG_POOL_SIZE ?? 10,
    // Imports are long and write a lot: a small number keeps the database free for everyone else.
    importConcurrency: env.IMPORT_CONCURRENCY ?? 2,
    migrateOnStart: env.MIGRATE_ON_START ?? true,
    shutdownGraceMs: seconds(env.SHUTDOWN_GRACE_SECONDS, 5_000),
    shutdownTimeoutMs: seconds(env.SHUTDOWN_TIMEOUT_SECONDS, 30_000),
    secretKey: secretKeyOf(env, dataDir),
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: REDIS_PREFIX,
    apiPrefix: normalisePrefix(env.API_PREFIX ?? '/api'),
    paymentsEnabled: env.PAYMENTS_ENABLED ?? false,
    supportEmail: env.SUPPORT_EMAIL ?? 'support@caravanserai.local',
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    stripe: loadStripeSettings(env),
    wellAllowedHosts: env.WELL_ALLOWED_HOSTS ?? [],
    webRoot: resolve(env.WEB_ROOT ?? join(repoRoot, 'apps', 'web', 'dist')),
    authRateLimit: env.AUTH_RATE_LIMIT ?? 20,
    bodyLimit: MAX_BODY_BYTES,
    importMaxBytes: (env.IMPORT_MAX_MB ?? 1024) * 1024 * 1024,
    fileMaxBytes: (env.FILE_MAX_MB ?? 20) * 1024 * 1024,
    userFilesMaxBytes: (env.USER_FILES_MAX_MB ?? 1024) * 1024 * 1024,
    queryTimeoutMs,
    maxAnswerChars: env.MAX_ANSWER_CHARS ?? 200_000,
    cliBundle: resolve(env.CLI_BUNDLE ?? join(repoRoot, 'apps', 'cli', 'dist', 'mapper.mjs')),
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/+$/, '') ?? null,
    trustProxy: env.TRUST_PROXY ?? 0,
    ...loadTimeouts(env, queryTimeoutMs),
    serveSourceMaps: env.SERVE_SOURCE_MAPS ?? false,
    tokenTtlMs: (env.TOKEN_TTL_DAYS ?? 30) * DAY_MS,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: env.LOG_FORMAT ?? 'pretty',
    adminUsernames: env.ADMIN_USERNAMES ?? [],
    registration: env.REGISTRATION ?? 'open',
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? 'Caravanserai <noreply@caravanserai.local>',
    oidc: loadOidcSettings(env),
  };
}

const seconds = (value: number | undefined, fallbackMs: number): number =>
  value === undefined ? fallbackMs : Math.round(value * 1000);

/**
 * Node's HTTP server waits forever for a slow body unless told otherwise (Fastify turns the limit
 * off). The request timeout covers receiving the headers and the whole body (up to 5 MB, so a
 * minute allows a slow link) and stops counting once the request is in: answering may take longer.
 * The idle-socket timeout must outlast a query, since `POST .../query/submit/` sends nothing while
 * the provider thinks and heartbeats cannot help a plain JSON reply; so it is derived from
 * QUERY_TIMEOUT_SECONDS, and a shorter explicit value is refused rather than silently breaking
 * queries. Keep-alive stays above the 60 s idle timeout of common load balancers, so they never
 * reuse a connection this server has just closed.
 */
function loadTimeouts(env: Env, queryTimeoutMs: number) {
  const requestTimeoutMs = seconds(env.REQUEST_TIMEOUT_SECONDS, 60_000);
  const connectionTimeoutMs = seconds(env.CONNECTION_TIMEOUT_SECONDS, queryTimeoutMs + 30_000);
  // The margin lets a timed-out query still send its error before the socket goes.
  if (connectionTimeoutMs < queryTimeoutMs + 5_000)
    throw new ConfigError(
      `CONNECTION_TIMEOUT_SECONDS (${connectionTimeoutMs / 1000}) must be at least 5 more than QUERY_TIMEOUT_SECONDS (${queryTimeoutMs / 1000}): a socket is idle while a query waits for the provider`,
    );
  return {
    requestTimeoutMs,
    headersTimeoutMs: Math.min(20_000, requestTimeoutMs),
    connectionTimeoutMs,
    keepAliveTimeoutMs: seconds(env.KEEP_ALIVE_TIMEOUT_SECONDS, 72_000),
  };
}

function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * On PostgreSQL every replica must open the keys another sealed, and replicas share no disk: the
 * key is then the operator's to give, never one generated into one machine's DATA_DIR (DESIGN 9).
 */
function secretKeyOf(env: Env, dataDir: string): string {
  if (env.SECRET_KEY !== undefined) return env.SECRET_KEY;
  if (env.DATABASE_URL !== undefined)
    throw new ConfigError(
      'SECRET_KEY must be set when DATABASE_URL is: every server process on the database must share it to open the stored API keys',
    );
  return loadOrCreateSecret(dataDir);
}

/** The secret is generated once and kept beside the data so restarts can still decrypt stored keys. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  createDataDir(dataDir);
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
