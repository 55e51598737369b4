// `npm test`: the whole suite. Type-check, lint, unit and API tests (SQLite and PostgreSQL).
// Fails loudly when a prerequisite is missing; TEST_POSTGRES=skip is the one, visible, opt-out.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const artifacts = join(root, '.artifacts');
mkdirSync(artifacts, { recursive: true });

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

if (!existsSync(bin('vitest'))) {
  console.error('Dependencies are missing: run `npm install` (or `npm ci`) first.');
  process.exit(1);
}

const results = [];
results.push(['typecheck', step('Type-check', process.execPath, [join(root, 'scripts/typecheck.mjs')])]);
results.push(['lint', step('Lint and format (Biome)', bin('biome'), ['ci', '.'])]);

const projects = ['unit', 'api-sqlite'];
if (process.env.TEST_POSTGRES === 'skip') {
  console.warn('\n!!! TEST_POSTGRES=skip: the API suite is NOT being run on PostgreSQL. !!!\n');
} else {
  projects.push('api-postgres');
}
const report = join(artifacts, 'vitest-report.json');
const vitestOk = step('Unit and API tests (Vitest)', bin('vitest'), [
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
results.push(['vitest', vitestOk]);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = (json.numFailedTests ?? 0) + (vitestOk || json.numFailedTests ? 0 : 1);
}
for (const [name, ok] of results) if (!ok && name !== 'vitest') failed++;

console.log('\n=== Summary ===');
for (const [name, ok] of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
