import checkPostgres from '../postgres-global-setup.js';
import { dropOrphanDatabases } from './database.js';
import { assertHaproxy } from './haproxy.js';

/**
 * Fails at once, saying what to do, when haproxy or PostgreSQL is missing, and drops the cluster
 * databases of runs that were killed before they cleaned up. The built server is the caller's to
 * provide (scripts/build.mjs).
 */
export async function checkClusterPrerequisites(): Promise<void> {
  assertHaproxy();
  await checkPostgres();
  await dropOrphanDatabases();
}
