import { ApiClient } from '@caravanserai/api';
import type { ClusterProxy } from './haproxy.js';
import { type ServerProcess, spawnServer, stopServer, waitReady } from './server-process.js';

/** One server process behind the proxy, which keeps its name, port and data directory across restarts. */
export interface ClusterReplica {
  /** Its name in the proxy (r1, r2, ...), as `X-Served-By` gives it. */
  readonly name: string;
  readonly port: number;
  /** Its own origin, http://127.0.0.1:PORT, to talk to it directly, past the proxy. */
  readonly url: string;
  /** The pid of the process running now (or last). */
  readonly pid: number;
  /** The process running now (or last): its output and exit. */
  readonly process: ServerProcess;
  /** A client talking to this replica directly, with no token or with the given one. */
  client(token?: string | null): ApiClient;
  /** Starts the process and waits until it is ready (used by the cluster; see `restart`). */
  start(): Promise<void>;
  /**
   * Sends `signal` (SIGTERM: a graceful stop; SIGKILL: a crash) and resolves with the exit code
   * once the process has ended (null when the signal ended it).
   */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
  /**
   * Starts it again on the same port and data directory (stopping it first with SIGTERM if it
   * still runs), and resolves once it is ready and the proxy counts it as up again.
   */
  restart(): Promise<void>;
}

export interface ReplicaSpec {
  name: string;
  port: number;
  env: Record<string, string>;
  /** The cluster's proxy, once it runs (not yet while the first replicas start). */
  proxy: () => ClusterProxy | undefined;
}

export function createReplica(spec: ReplicaSpec): ClusterReplica {
  const url = `http://127.0.0.1:${spec.port}`;
  let current: ServerProcess | undefined;
  const now = () => {
    if (!current) throw new Error(`Replica ${spec.name} was never started.`);
    return current;
  };
  const replica: ClusterReplica = {
    name: spec.name,
    port: spec.port,
    url,
    get pid() {
      return now().pid;
    },
    get process() {
      return now();
    },
    client: (token = null) => new ApiClient({ baseUrl: `${url}/api`, token }),
    async start() {
      if (current?.running()) throw new Error(`Replica ${spec.name} is already running.`);
      current = spawnServer({ ...spec.env, PORT: String(spec.port) });
      await waitReady(url, current);
    },
    kill: (signal = 'SIGTERM') => (current ? stopServer(current, signal) : Promise.resolve(null)),
    async restart() {
      if (current?.running()) await stopServer(current, 'SIGTERM');
      await replica.start();
      await spec.proxy()?.waitFor(spec.name, 'UP');
    },
  };
  return replica;
}
