import { mkdirSync } from 'node:fs';

/**
 * Creates DATA_DIR, and any folder missing above it, readable by the server's user only: it holds
 * the logbooks, the sealed keys, the token hashes and the generated secret.
 */
export function createDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}
