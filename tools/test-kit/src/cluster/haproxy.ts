import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { track } from './children.js';

/** Debian's haproxy, or HAPROXY_PATH. */
export const HAPROXY =
  process.env.HAPROXY_PATH ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');

/** Fails, saying what to do, when there is no haproxy to start. */
export function assertHaproxy(): void {
  const found = HAPROXY.includes('/')
    ? existsSync(HAPROXY)
    : (process.env.PATH ?? '').split(':').some((dir) => existsSync(join(dir, HAPROXY)));
  if (!found)
    throw new Error(
      `haproxy is not installed (${HAPROXY}): run \`apt-get install -y haproxy\` (.ci/run does), set HAPROXY_PATH, or leave out the PostgreSQL suites with TEST_POSTGRES=skip.`,
    );
}

export interface ProxyOptions {
  /**
   * How long a connection may stay silent, either way, before the proxy cuts it (haproxy's
   * `timeout client` and `timeout server`): 30 s, the low end of what load balancers use.
   */
  idleTimeoutMs?: number;
  /** How often the proxy asks each replica's /readyz (default 500 ms). */
  checkIntervalMs?: number;
}

export interface Backend {
  /** The server's name in the proxy, sent back in `X-Served-By`. */
  name: string;
  port: number;
}

export interface ProxyLayout {
  port: number;
  statsPort: number;
  backends: readonly Backend[];
  idleTimeoutMs: number;
  checkIntervalMs: number;
}

/**
 * The proxy's configuration, as docs/DEPLOY.md has it for production but on loopback ports with
 * quick health checks: round robin; a replica whose /readyz does not answer 200 gets nothing new
 * (one failed check, so a draining replica is left well within its grace period); a request whose
 * connection a replica refused is sent to another; the serving replica is named in `X-Served-By`;
 * and a stats page (CSV at /stats;csv) says which replicas the proxy counts as up.
 */
export function haproxyConfig(layout: ProxyLayout): string {
  const { port, statsPort, backends, idleTimeoutMs, checkIntervalMs } = layout;
  return [
    'global',
    '  maxconn 2000',
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch',
    '  retries 3',
    '  timeout connect 2s',
    `  timeout check ${Math.max(checkIntervalMs, 1000)}ms`,
    `  timeout client ${idleTimeoutMs}ms`,
    `  timeout server ${idleTimeoutMs}ms`,
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '',
    'frontend caravanserai',
    `  bind 127.0.0.1:${port}`,
    '  default_backend replicas',
    '',
    'backend replicas',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  http-response set-header X-Served-By %[srv_name]',
    `  default-server inter ${checkIntervalMs}ms fall 1 rise 1`,
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
    '',
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

export interface ClusterProxy {
  /** http://127.0.0.1:PORT, the address clients use. */
  origin: string;
  idleTimeoutMs: number;
  /** Each replica's state as the proxy sees it, by name: UP, DOWN, ... */
  states(): Promise<Record<string, string>>;
  /** Waits until the proxy counts the named replica as `state` (UP or DOWN). */
  waitFor(name: string, state: 'UP' | 'DOWN'): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

/** Writes the configuration into `dir` and starts haproxy in the foreground; resolves once every backend is up. */
export async function startHaproxy(layout: ProxyLayout, dir: string): Promise<ClusterProxy> {
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(layout));
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  track(child);
  const running = () => child.exitCode === null && child.signalCode === null;

  const states = async (): Promise<Record<string, string>> => {
    const csv = await (await fetch(`http://127.0.0.1:${layout.statsPort}/stats;csv`)).text();
    return parseStates(csv);
  };
  const waitFor = async (name: string, state: 'UP' | 'DOWN') => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (!running()) throw new Error(`haproxy ended:\n${output}`);
      const seen = await states().catch(() => ({}) as Record<string, string>);
      if (seen[name] === state) return;
      if (Date.now() > deadline)
        throw new Error(
          `haproxy never counted ${name} as ${state} (it says ${JSON.stringify(seen)}):\n${output}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const proxy: ClusterProxy = {
    origin: `http://127.0.0.1:${layout.port}`,
    idleTimeoutMs: layout.idleTimeoutMs,
    states,
    waitFor,
    output: () => output,
    stop: async () => {
      if (running()) child.kill('SIGTERM');
      await exited;
    },
  };
  try {
    for (const backend of layout.backends) await waitFor(backend.name, 'UP');
  } catch (error) {
    await proxy.stop();
    throw error;
  }
  return proxy;
}

/** The `replicas` backend's servers and their status, from haproxy's stats CSV. */
function parseStates(csv: string): Record<string, string> {
  const [header = '', ...lines] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const states: Record<string, string> = {};
  for (const line of lines) {
    const cells = line.split(',');
    const server = cells[at('svname')] ?? '';
    if (cells[at('pxname')] !== 'replicas' || server === 'BACKEND' || server === 'FRONTEND') continue;
    states[server] = cells[at('status')] ?? '';
  }
  return states;
}
