import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Credentials {
  server: string;
  /** The API's base URL on that server. */
  api: string;
  token: string;
  username: string;
}

export const DEFAULT_SERVER = 'http://127.0.0.1:8000';

/** The user's config folder: XDG on Linux, Application Support on macOS, APPDATA on Windows. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CARAVANSERAI_CONFIG_DIR) return env.CARAVANSERAI_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'caravanserai');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'caravanserai');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'caravanserai');
}

const credentialsFile = (env?: NodeJS.ProcessEnv) => join(configDir(env), 'credentials.json');
export const historyFile = (env?: NodeJS.ProcessEnv) => join(configDir(env), 'history.json');

export function readCredentials(env?: NodeJS.ProcessEnv): Credentials | null {
  const file = credentialsFile(env);
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Credentials>;
    if (!parsed.token || !parsed.server) return null;
    return {
      server: parsed.server,
      api: parsed.api ?? `${parsed.server}/api`,
      token: parsed.token,
      username: parsed.username ?? '',
    };
  } catch {
    return null;
  }
}

/** The token is a password in all but name: only its owner may read the file (mode 600). */
export function writeCredentials(credentials: Credentials, env?: NodeJS.ProcessEnv): string {
  const file = credentialsFile(env);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

export function deleteCredentials(env?: NodeJS.ProcessEnv): void {
  const file = credentialsFile(env);
  if (existsSync(file)) writeFileSync(file, '{}\n', { mode: 0o600 });
}

interface PackagedConfig {
  server?: unknown;
  apiPrefix?: unknown;
}

/** The config written into a downloaded package: the server it came from and its API prefix. */
function packagedConfig(bundleDir: string): PackagedConfig {
  const file = join(bundleDir, 'config.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackagedConfig;
  } catch {
    return {};
  }
}

export function packagedServer(bundleDir: string): string | null {
  const { server } = packagedConfig(bundleDir);
  return typeof server === 'string' && server ? server : null;
}

/** Where the API lives on the server: the package's setting, else the default `/api`. */
export function apiPrefix(bundleDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const { apiPrefix: prefix } = packagedConfig(bundleDir);
  const chosen = env.CARAVANSERAI_API_PREFIX ?? (typeof prefix === 'string' ? prefix : '/api');
  return chosen.replace(/\/+$/, '');
}

/** --server, then CARAVANSERAI_SERVER, then the package's config, then the saved login, then localhost. */
export function resolveServer(
  flag: string | undefined,
  bundleDir: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const server =
    flag ||
    env.CARAVANSERAI_SERVER ||
    packagedServer(bundleDir) ||
    readCredentials(env)?.server ||
    DEFAULT_SERVER;
  return server.replace(/\/+$/, '');
}
