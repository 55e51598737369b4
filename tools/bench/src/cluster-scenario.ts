import { cpus } from 'node:os';
import { pathOf, routes } from '@caravanserai/api';
import { checkClusterPrerequisites, startCluster } from '@caravanserai/test-kit/cluster';
import autocannon, { type Options, type Result } from 'autocannon';
import { logbookWith, signUp } from './api.js';
import type { Figure } from './results.js';

const CONNECTIONS = 10;
const DURATION_S = 8;
const REPLICAS = [1, 2, 3] as const;

export const CLUSTER_NOTE =
  "Cluster: PostgreSQL, 1 to 3 processes of the built server (PG_POOL_SIZE 10 each) behind Debian's haproxy, round robin; load from one process, 10 connections.";

interface Rates {
  get: number;
  append: number;
}

/**
 * The GET and append scenarios' requests per second through the proxy (DESIGN 9's layout: see
 * docs/DEPLOY.md) with 1, 2 and 3 replicas on PostgreSQL, and the ratio of 3 to 1. Each count gets
 * a cluster of its own on a fresh database; every replica is warmed up before the measure.
 */
export async function clusterScenario(): Promise<Figure[]> {
  await checkClusterPrerequisites();
  const rates = new Map<number, Rates>();
  for (const replicas of REPLICAS) rates.set(replicas, await measure(replicas));
  const one = rates.get(1)!;
  const three = rates.get(3)!;
  const row = (pick: (r: Rates) => number) =>
    REPLICAS.map((n) => Math.round(pick(rates.get(n)!))).join(' / ');
  const overhead =
    cpus().length <= 2
      ? `On ${cpus().length} cores the replicas, the proxy, PostgreSQL and the load share the same cores: the ratio of 3 replicas to 1 shows the overhead of more processes and a proxy, not scaling.`
      : 'The ratio of 3 replicas to 1 shows scaling only where the replicas have cores of their own.';
  console.log(overhead);
  return [
    {
      name: 'Cluster: GET 1,000-entry logbook through haproxy, 1 / 2 / 3 replicas (req/s)',
      value: row((r) => r.get),
      budget: '',
      ok: null,
    },
    {
      name: 'Cluster: append at 10 entries through haproxy, 1 / 2 / 3 replicas (req/s)',
      value: row((r) => r.append),
      budget: '',
      ok: null,
    },
    {
      name: `Cluster: 3 replicas vs 1 (GET, append)${cpus().length <= 2 ? `, overhead on ${cpus().length} cores, not scaling` : ''}`,
      value: `${(three.get / one.get).toFixed(2)} ×, ${(three.append / one.append).toFixed(2)} ×`,
      budget: '',
      ok: null,
    },
  ];
}

async function measure(replicas: number): Promise<Rates> {
  const cluster = await startCluster({
    replicas,
    env: { AUTH_RATE_LIMIT: '100000', PG_POOL_SIZE: '10', LOG_LEVEL: 'warn' },
  });
  try {
    const api = await signUp(cluster.baseUrl);
    const read = await logbookWith(api, 1000, 'read me');
    const appendTo = await logbookWith(api, 10, 'append here');
    const get: Options = {
      url: `${cluster.baseUrl}${pathOf(routes.logbooks.get, { logid: read })}`,
      connections: CONNECTIONS,
    };
    const append: Options = {
      url: `${cluster.baseUrl}${pathOf(routes.entries.write)}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${api.token}` },
      body: JSON.stringify({ logid: appendTo, tag: 'comment', content: 'A note appended by the benchmark.' }),
      connections: CONNECTIONS,
    };
    // Each replica compiles its hot paths on its first requests: round robin spreads these.
    await checked(`warm-up, ${replicas}`, { ...get, amount: 300 * replicas });
    await checked(`warm-up, ${replicas}`, { ...append, amount: 300 * replicas });
    const gets = await checked(`GET, ${replicas} replicas`, { ...get, duration: DURATION_S });
    const appends = await checked(`append, ${replicas} replicas`, { ...append, amount: 2000 });
    return { get: gets.requests.average, append: appends.requests.average };
  } finally {
    await cluster.stop();
  }
}

async function checked(what: string, options: Options): Promise<Result> {
  const result = await autocannon(options);
  if (result.non2xx || result.errors)
    throw new Error(`cluster ${what}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}
