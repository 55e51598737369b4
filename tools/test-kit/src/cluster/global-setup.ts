import { buildServer } from '../../../../scripts/build.mjs';
import { checkClusterPrerequisites } from './prerequisites.js';

/**
 * Before the cluster tests: PostgreSQL and haproxy are there (or the run fails at once, saying
 * what to do), and the server is built, so the replicas run what `npm start` runs, from this
 * checkout's sources.
 */
export default async function setUpClusters(): Promise<void> {
  await checkClusterPrerequisites();
  await buildServer();
}
