import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../scripts/build.mjs';
import { browserScenario } from './src/browser-scenario.js';
import { describeMachine } from './src/machine.js';
import { freePort, startProcess, stopProcess } from './src/processes.js';
import { FAKE_PROVIDER_CLI, queryScenario } from './src/query-scenario.js';
import { type Figure, recordResults } from './src/results.js';
import { appendScenario, getScenario, xmlScenario } from './src/scenarios.js';

/**
 * `npm run bench`: starts the built server (SQLite, fresh data dir) as its own process, loads it
 * from this one with autocannon, and records the figures in bench/RESULTS.md.
 */
const root = join(import.meta.dirname, '..', '..');
const workDir = mkdtempSync(join(tmpdir(), 'caravanserai-bench-'));
await buildServer();
// The browser figures need the built web app: build it afresh so they describe this checkout.
const web = spawnSync('npm', ['run', 'build', '--workspace', '@caravanserai/web'], {
  cwd: root,
  stdio: 'inherit',
});
if (web.status !== 0) throw new Error('The web app did not build.');
const port = freePort();
const fakePort = freePort();
const fake = await startProcess(FAKE_PROVIDER_CLI, {}, fakePort, ['--port', String(fakePort)]);
const server = await startProcess(
  join(root, 'apps/server/dist/server.js'),
  { DATA_DIR: join(workDir, 'data'), AUTH_RATE_LIMIT: '1000', WELL_ALLOWED_HOSTS: `127.0.0.1:${fakePort}` },
  port,
);
const baseUrl = `http://127.0.0.1:${port}/api`;
const figures: Figure[] = [];
try {
  figures.push(...(await appendScenario(baseUrl)));
  figures.push(...(await getScenario(baseUrl, workDir)));
  figures.push(...(await queryScenario(baseUrl, `http://127.0.0.1:${fakePort}`)));
  figures.push(...xmlScenario());
  figures.push(...(await browserScenario(`http://127.0.0.1:${port}`, baseUrl)));
} finally {
  await stopProcess(server);
  await stopProcess(fake);
  rmSync(workDir, { recursive: true, force: true });
}
const section = recordResults(join(root, 'bench/RESULTS.md'), describeMachine(), figures, [
  'Server: the production bundle on SQLite (WAL, synchronous=FULL), one process; load from a second process, 10 connections.',
  'Query latency: one request at a time against the fake provider in its own process (200 rounds after 20 warm-up).',
]);
console.log(section);
