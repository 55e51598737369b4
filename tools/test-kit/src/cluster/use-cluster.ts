import { type FakeProvider, startFakeProvider } from '@caravanserai/fake-provider';
import { afterAll, beforeAll } from 'vitest';
import { type Cluster, type ClusterOptions, type ClusterUser, startCluster } from './cluster.js';

export interface UseClusterOptions<U extends string> extends Omit<ClusterOptions, 'env'> {
  /** Users to sign up through the proxy, in this order; each name is also its username's prefix. */
  users?: readonly U[];
  /** Also start a fake AI provider first, and allow the replicas' wells to call it. */
  fake?: boolean;
  /**
   * Settings for every replica; a function is called when the cluster starts, after the hooks
   * registered before this one. A WELL_ALLOWED_HOSTS given here is kept beside the fake's.
   */
  env?: Record<string, string> | (() => Record<string, string>);
}

/** What useCluster returns: its properties can be read only inside tests and hooks. */
export type UsedCluster<U extends string = never> = {
  readonly cluster: Cluster;
  /** The fake AI provider; there is one only with `fake: true`. */
  readonly fake: FakeProvider;
} & { readonly [name in U]: ClusterUser };

/**
 * A cluster for a test file (see startCluster), started with its users in beforeAll and stopped in
 * afterAll, as useServer does for one server: `const c = useCluster({ replicas: 3, users: ['alice'],
 * fake: true })`, then `c.cluster`, `c.alice` and `c.fake` in tests. Only on PostgreSQL: the
 * `cluster` Vitest project runs these files (apps/server/test/cluster).
 */
export function useCluster<const U extends string = never>(
  options: UseClusterOptions<U> = {},
): UsedCluster<U> {
  const { users = [], fake: withFake = false, env = {}, ...clusterOptions } = options;
  let cluster: Cluster | undefined;
  let fake: FakeProvider | undefined;
  const signedIn = new Map<string, ClusterUser>();
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value !== undefined) return value;
    if (what === 'fake' && !withFake)
      throw new Error('useCluster: no fake provider was asked for (fake: true)');
    throw new Error(
      `useCluster: ${what} is not ready; read it in tests or hooks, after its beforeAll has run`,
    );
  };
  const used = {
    get cluster() {
      return ready(cluster, 'cluster');
    },
    get fake() {
      return ready(fake, 'fake');
    },
  };
  for (const name of users) {
    if (name in used) throw new Error(`useCluster: a user cannot be called ${name}`);
    Object.defineProperty(used, name, { enumerable: true, get: () => ready(signedIn.get(name), name) });
  }

  beforeAll(async () => {
    if (withFake) fake = await startFakeProvider();
    const extra = typeof env === 'function' ? env() : env;
    const allowed = [fake ? new URL(fake.url).host : '', extra.WELL_ALLOWED_HOSTS ?? '']
      .filter(Boolean)
      .join(',');
    cluster = await startCluster({
      ...clusterOptions,
      env: { ...extra, ...(allowed ? { WELL_ALLOWED_HOSTS: allowed } : {}) },
    });
    for (const name of users) signedIn.set(name, await cluster.signup(name));
  });
  afterAll(async () => {
    await cluster?.stop();
    await fake?.close();
  });
  return used as UsedCluster<U>;
}
