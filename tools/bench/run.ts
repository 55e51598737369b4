import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../scripts/build.mjs';
import { browserScenario } from './src/browser-scenario.js';
import { caravanUsageScenario } from './src/caravan-usage-scenario.js';
import { CLUSTER_NOTE, clusterScenario } from './src/cluster-scenario.js';
import { coldLoadScenario } from './src/cold-load-scenario.js';
import { compareScenario } from './src/compare-scenario.js';
import { galleryScenario } from './src/gallery-scenario.js';
import { gatewayScenario } from './src/gateway-scenario.js';
import { heavyWritesScenario } from './src/heavy-writes-scenario.js';
import { importScenario } from './src/import-scenario.js';
import { describeMachine } from './src/machine.js';
import { pagesScenario } from './src/pages-scenario.js';
import { freePort, startProcess, stopProcess } from './src/processes.js';
import { FAKE_PROVIDER_CLI, queryScenario } from './src/query-scenario.js';
import { type Figure, recordResults } from './src/results.js';
import { appendScenario, getScenario, xmlScenario } from './src/scenarios.js';
import { searchScenario } from './src/search-scenario.js';
import { uploadScenario } from './src/upload-scenario.js';

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
// Answers written as a model writes them, a piece every PACE_MS: the browser's answer path sees
// its last event arrive on its own, as it does from a real provider.
const PACE_MS = 25;
const pacedPort = freePort();
const paced = await startProcess(FAKE_PROVIDER_CLI, {}, pacedPort, [
  '--port',
  String(pacedPort),
  '--chunk-delay-ms',
  String(PACE_MS),
]);
const server = await startProcess(
  join(root, 'apps/server/dist/server.js'),
  {
    DATA_DIR: join(workDir, 'data'),
    AUTH_RATE_LIMIT: '1000',
    WELL_ALLOWED_HOSTS: `127.0.0.1:${fakePort},127.0.0.1:${pacedPort}`,
  },
  port,
);
const baseUrl = `http://127.0.0.1:${port}/api`;

/** Runs `scenario` against a server process of its own over an empty data directory. */
async function onFreshServer(
  dataDir: string,
  scenario: (baseUrl: string, pid: number) => Promise<Figure[]>,
): Promise<Figure[]> {
  const ownPort = freePort();
  const own = await startProcess(
    join(root, 'apps/server/dist/server.js'),
    { DATA_DIR: dataDir, AUTH_RATE_LIMIT: '1000' },
    ownPort,
  );
  try {
    return await scenario(`http://127.0.0.1:${ownPort}/api`, own.pid ?? 0);
  } finally {
    await stopProcess(own);
  }
}
const scenarios: [string, () => Promise<Figure[]> | Figure[]][] = [
  ['append', () => appendScenario(baseUrl)],
  ['get', () => getScenario(baseUrl, workDir)],
  ['pages', () => pagesScenario(baseUrl)],
  ['query', () => queryScenario(baseUrl, `http://127.0.0.1:${fakePort}`)],
  ['gateway', () => gatewayScenario(baseUrl, `http://127.0.0.1:${port}`, `http://127.0.0.1:${fakePort}`)],
  ['xml', () => xmlScenario()],
  ['cold-load', () => coldLoadScenario(`http://127.0.0.1:${port}`)],
  [
    'caravan-usage',
    () => caravanUsageScenario(baseUrl, `http://127.0.0.1:${fakePort}`, join(workDir, 'data')),
  ],
  // Its own fresh server: the import's memory is measured, not what the scenarios before it left.
  [
    'import',
    () => onFreshServer(join(workDir, 'import-data'), (url, pid) => importScenario(url, workDir, pid)),
  ],
  ['compare', () => compareScenario(baseUrl, `http://127.0.0.1:${pacedPort}`)],
  ['browser', () => browserScenario(`http://127.0.0.1:${port}`, baseUrl, `http://127.0.0.1:${pacedPort}`)],
  ['search', () => searchScenario(join(root, 'apps/server/dist/server.js'), workDir)],
  ['gallery', () => galleryScenario(join(root, 'apps/server/dist/server.js'), workDir)],
  ['upload', () => uploadScenario(baseUrl)],
  // Servers of its own on PostgreSQL behind haproxy: what the others leave behind does not weigh.
  ['cluster', () => clusterScenario()],
  // Last: it leaves four logs of 300,000 entries behind, which would weigh on the figures after it.
  ['heavy-writes', () => heavyWritesScenario(baseUrl)],
];
// BENCH_ONLY=name[,name] runs just those, to measure one change; only a full run is recorded.
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? [];
const figures: Figure[] = [];
try {
  for (const [name, scenario] of scenarios) {
    if (only.length === 0 || only.includes(name)) figures.push(...(await scenario()));
  }
} finally {
  await stopProcess(server);
  await stopProcess(fake);
  await stopProcess(paced);
  rmSync(workDir, { recursive: true, force: true });
}
if (only.length > 0) {
  for (const f of figures) console.log(`${f.name}: ${f.value} ${f.budget}`);
  process.exit(0);
}
const section = recordResults(join(root, 'bench/RESULTS.md'), describeMachine(), figures, [
  'Server: the production bundle on SQLite (WAL, synchronous=FULL), one process; load from a second process, 10 connections.',
  'Query latency: one request at a time against the fake provider in its own process (200 rounds after 20 warm-up).',
  `Browser answers: the fake provider sends each of an answer's pieces ${PACE_MS} ms after the one before, as a model writing does.`,
  'Heavy writes: 4 clients each replace a log twice with one just under the 5 MB body limit while another user reads a small logbook every 5 ms.',
  "Gallery: 100,000 listings (2 to 10 entries each, words with Zipf's frequencies, 0 to 3 topics of 30 common ones and a tail of 2,000; 5% caravan-only, 3.5% withdrawn or hidden) on a fresh database of each kind, one request at a time.",
  'Uploads: one user uploads a 19.5 MB text file and a 19 MB PNG three times each while another user reads a small logbook every 5 ms.',
  CLUSTER_NOTE,
]);
console.log(section);
