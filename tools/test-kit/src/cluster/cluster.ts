import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '@caravanserai/api';
import type pg from 'pg';
import { signUp } from '../sign-up.js';
import { type ClusterDatabase, createClusterDatabase, queryDatabase } from './database.js';
import { type ClusterProxy, type ProxyOptions, startHaproxy } from './haproxy.js';
import { freePort } from './ports.js';
import { type ClusterReplica, createReplica } from './replica.js';
import { type Served, servedRecorder } from './served.js';
import { type ServerProcess, spawnServer } from './server-process.js';

export const CLUSTER_SECRET_KEY = 'cluster-secret-key-0123456789abcdef';

export interface ClusterOptions {
  /** Server processes behind the proxy (default 2). */
  replicas?: number;
  /** Settings for every replica, on top of the cluster's own (see `clusterEnv`). */
  env?: Record<string, string>;
  proxy?: ProxyOptions;
}

export interface ClusterUser {
  client: ApiClient;
  username: string;
  token: string;
  pk: number;
}

export interface Cluster {
  /** The proxy's origin plus the API prefix: what a user's client is given. */
  baseUrl: string;
  /** The proxy's origin. */
  origin: string;
  /** The database every replica shares. */
  databaseUrl: string;
  /** The settings every replica was started with (but PORT and DATA_DIR, each replica's own). */
  env: Readonly<Record<string, string>>;
  replicas: ClusterReplica[];
  proxy: ClusterProxy;
  /** Which replica answered each request of `client()`'s clients, in the order the answers came. */
  served: Served[];
  /** A client talking through the proxy, with no token or with the given one. */
  client(token?: string | null): ApiClient;
  /** Registers a new user through the proxy and returns a signed-in client. */
  signup(prefix?: string): Promise<ClusterUser>;
  /**
   * Starts one more server process on the cluster's database, with the cluster's settings and
   * `env` on top, on a port of its own and not behind the proxy; it does not wait for it to be
   * ready. Stopped with the cluster.
   */
  spawn(env?: Record<string, string>): ServerProcess;
  /** Runs one query on the shared database and returns its rows. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Kills the replicas and the proxy, and drops the database. */
  stop(): Promise<void>;
}

/**
 * The settings a replica gets unless `env` says otherwise: a shared key; small pools (several
 * replicas and other test files share one PostgreSQL); a grace period well above the proxy's
 * check interval, so the proxy has left a draining replica before it stops listening; and the
 * proxy's X-Forwarded-For trusted, as a deployment behind one sets it.
 */
export function clusterEnv(databaseUrl: string): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SECRET_KEY: CLUSTER_SECRET_KEY,
    PG_POOL_SIZE: '4',
    SHUTDOWN_GRACE_SECONDS: '2',
    TRUST_PROXY: '1',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
  };
}

/**
 * The layout of DESIGN 9 on this machine: a fresh PostgreSQL database, `replicas` server
 * processes of the built server started at once (each on a loopback port of its own, with the
 * same SECRET_KEY and DATABASE_URL), and Debian's haproxy in front of them, round robin, sending
 * only to replicas whose /readyz answers 200. Resolves once every replica is ready and the proxy
 * counts each as up.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.replicas ?? 2;
  const dir = mkdtempSync(join(tmpdir(), 'caravanserai-cluster-'));
  const database = await createClusterDatabase();
  const env = { ...clusterEnv(database.url), ...options.env };
  const replicas: ClusterReplica[] = [];
  const extra: ServerProcess[] = [];
  let proxy: ClusterProxy | undefined;

  const stop = async () => {
    await proxy?.stop();
    await Promise.all([...replicas.map((r) => r.kill('SIGKILL')), ...extra.map(killHard)]);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const ports = await distinctPorts(count + 2);
    for (let i = 0; i < count; i++) {
      const name = `r${i + 1}`;
      const dataDir = join(dir, name);
      mkdirSync(dataDir);
      replicas.push(
        createReplica({ name, port: ports[i]!, env: { ...env, DATA_DIR: dataDir }, proxy: () => proxy }),
      );
    }
    // Started at once, as an orchestrator starts them: they race for the migrations.
    await Promise.all(replicas.map((r) => r.start()));
    proxy = await startHaproxy(
      {
        port: ports[count]!,
        statsPort: ports[count + 1]!,
        backends: replicas.map((r) => ({ name: r.name, port: r.port })),
        idleTimeoutMs: options.proxy?.idleTimeoutMs ?? 30_000,
        checkIntervalMs: options.proxy?.checkIntervalMs ?? 500,
      },
      dir,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return assemble(proxy, replicas, database, env, dir, extra, stop);
}

function assemble(
  proxy: ClusterProxy,
  replicas: ClusterReplica[],
  database: ClusterDatabase,
  env: Record<string, string>,
  dir: string,
  extra: ServerProcess[],
  stop: () => Promise<void>,
): Cluster {
  const baseUrl = `${proxy.origin}/api`;
  const recorder = servedRecorder();
  const client = (token: string | null = null) => new ApiClient({ baseUrl, token, fetch: recorder.fetch });
  let users = 0;
  let spawned = 0;
  return {
    baseUrl,
    origin: proxy.origin,
    databaseUrl: database.url,
    env,
    replicas,
    proxy,
    served: recorder.served,
    client,
    signup: (prefix = 'user') => signUp(client, `${prefix}${process.pid}x${++users}`),
    spawn(overrides = {}) {
      const dataDir = join(dir, `extra${++spawned}`);
      mkdirSync(dataDir);
      const server = spawnServer({ ...env, PORT: '0', DATA_DIR: dataDir, ...overrides });
      extra.push(server);
      return server;
    },
    query: (text, values) => queryDatabase(database.url, text, values),
    stop,
  };
}

async function killHard(server: ServerProcess): Promise<void> {
  if (server.running()) server.child.kill('SIGKILL');
  await server.exited;
}

/** `count` free loopback ports, no two alike. */
async function distinctPorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
