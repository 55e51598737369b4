import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL switches the store to PostgreSQL; otherwise SQLite under dataDir. */
  databaseUrl: string | null;
  secretKey: string;
  apiPrefix: string;
  paymentsEnabled: boolean;
  supportEmail: string;
  /** host[:port] entries that wells may call although private or loopback. */
  wellAllowedHosts: string[];
  /** Folder of the built web app; a minimal page is served when it does not exist. */
  webRoot: string;
  /** Login and registration attempts allowed per IP per minute. */
  authRateLimit: number;
  bodyLimit: number;
  /** How long a provider may take to answer a query. */
  queryTimeoutMs: number;
  /** The bundled CLI packed into the downloads. */
  cliBundle: string;
  /** The origin written into downloaded packages; the request's own when not set. */
  publicOrigin: string | null;
  /** Trust X-Forwarded-* from this many proxies in front (client IPs for rate limits). */
  trustProxy: number;
}

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root, whether running from src/ or from the bundled dist/. */
export const repoRoot = resolve(here, '..', '..', '..');

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || join(repoRoot, 'data'));
  const databaseUrl =
    env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : null;
  return {
    port: parsePort(env.PORT ?? '8000'),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    secretKey: env.SECRET_KEY || loadOrCreateSecret(dataDir),
    apiPrefix: normalisePrefix(env.API_PREFIX ?? '/api'),
    paymentsEnabled: env.PAYMENTS_ENABLED === 'true',
    supportEmail: env.SUPPORT_EMAIL || 'support@caravanserai.local',
    wellAllowedHosts: (env.WELL_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    webRoot: resolve(env.WEB_ROOT || join(repoRoot, 'apps', 'web', 'dist')),
    authRateLimit: Number(env.AUTH_RATE_LIMIT) > 0 ? Number(env.AUTH_RATE_LIMIT) : 20,
    bodyLimit: MAX_BODY_BYTES,
    queryTimeoutMs:
      Number(env.QUERY_TIMEOUT_SECONDS) > 0 ? Number(env.QUERY_TIMEOUT_SECONDS) * 1000 : 120_000,
    cliBundle: resolve(env.CLI_BUNDLE || join(repoRoot, 'apps', 'cli', 'dist', 'mapper.mjs')),
    publicOrigin: env.PUBLIC_ORIGIN ? env.PUBLIC_ORIGIN.replace(/\/+$/, '') : null,
    trustProxy: Number(env.TRUST_PROXY) > 0 ? Math.floor(Number(env.TRUST_PROXY)) : 0,
  };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, got '${value}'`);
  return port;
}

function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The secret is generated once and kept beside the data so restarts can still decrypt stored keys. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
