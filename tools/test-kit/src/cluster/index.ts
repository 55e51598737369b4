// The cluster fixture (DESIGN 9) without a test runner, so the benchmark can use it too:
// `@caravanserai/test-kit/cluster`. Test files use `useCluster` from `@caravanserai/test-kit`.
export {
  CLUSTER_SECRET_KEY,
  type Cluster,
  type ClusterOptions,
  type ClusterUser,
  clusterEnv,
  startCluster,
} from './cluster.js';
export { type ClusterProxy, haproxyConfig, type ProxyOptions } from './haproxy.js';
export { checkClusterPrerequisites } from './prerequisites.js';
export type { ClusterReplica } from './replica.js';
export type { Served } from './served.js';
export { SERVER_BUNDLE, type ServerProcess, spawnServer, waitReady } from './server-process.js';
