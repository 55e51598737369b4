import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../scripts/build.mjs';
import { describeMachine } from './src/machine.js';
import { freePort, startProcess, stopProcess } from './src/processes.js';
import { type Figure, recordResults } from './src/results.js';
import { appendScenario, getScenario, xmlScenario } from './src/scenarios.js';

/**
 * `npm run bench`: starts the built server (SQLite, fresh data dir) as its own process, loads it
 * from this one with autocannon, and records the figures in bench/RESULTS.md.
 */
const root = join(import.meta.dirname, '..', '..');
const workDir = mkdtempSync(join(tmpdir(), 'caravanserai-bench-'));
await buildServer();
const port = freePort();
const server = await startProcess(
  join(root, 'apps/server/dist/server.js'),
  { DATA_DIR: join(workDir, 'data'), AUTH_RATE_LIMIT: '1000' },
  port,
);
const baseUrl = `http://127.0.0.1:${port}/api`;
const figures: Figure[] = [];
try {
  figures.push(...(await appendScenario(baseUrl)));
  figures.push(...(await getScenario(baseUrl, workDir)));
  figures.push(...xmlScenario());
} finally {
  await stopProcess(server);
  rmSync(workDir, { recursive: true, force: true });
}
const section = recordResults(join(root, 'bench/RESULTS.md'), describeMachine(), figures, [
  'Server: the production bundle on SQLite (WAL, synchronous=FULL), one process; load from a second process, 10 connections.',
]);
console.log(section);
