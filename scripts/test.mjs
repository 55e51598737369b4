// `npm test`: the whole suite. Type-check, lint, unit and API tests (SQLite and PostgreSQL), then
// the browser tests of the built web app in Chromium. Fails loudly when a prerequisite is missing;
// TEST_POSTGRES=skip is the one, visible, opt-out.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

if (!existsSync(bin('vitest')) || !existsSync(bin('playwright'))) {
  console.error('Dependencies are missing: run `npm install` (or `npm ci`) first.');
  process.exit(1);
}

const results = [];
const counts = { passed: 0, failed: 0 };
/** The names of the tests that failed, repeated in the summary so the end of the output says which. */
const failures = [];

/** Runs Vitest projects and adds their counts; a run that fails without counting a test counts one. */
function vitest(title, projects) {
  const report = join(artifacts, `vitest-${projects.join('-')}.json`);
  const outside = join(artifacts, `vitest-${projects.join('-')}-outside.json`);
  rmSync(report, { force: true });
  rmSync(outside, { force: true });
  const ok = step(
    title,
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      `--reporter=${join(root, 'scripts/vitest-outside-errors.mjs')}`,
    ],
    { VITEST_OUTSIDE_ERRORS: outside },
  );
  const json = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : {};
  counts.passed += json.numPassedTests ?? 0;
  counts.failed += json.numFailedTests ?? 0;
  if (!ok && !json.numFailedTests) counts.failed += 1;
  for (const file of json.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const reason = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failures.push(`${file.name.replace(`${root}/`, '')} › ${test.fullName}: ${reason}`);
    }
  }
  // What failed outside any test (an error nothing caught, a file's hook) fails the run without
  // failing a test: scripts/vitest-outside-errors.mjs wrote it down.
  if (existsSync(outside)) failures.push(...JSON.parse(readFileSync(outside, 'utf8')));
  results.push([title, ok]);
}

/**
 * Runs the browser tests with Playwright (playwright.config.ts) and adds the counts of its JSON
 * report; tests a failure left unrun count as failed, and so does a run that fails counting none.
 */
function playwright(title) {
  const report = join(artifacts, 'playwright.json');
  rmSync(report, { force: true });
  const ok = step(title, bin('playwright'), ['test']);
  const stats = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')).stats ?? {}) : {};
  const failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (stats.skipped ?? 0);
  counts.passed += stats.expected ?? 0;
  counts.failed += failed;
  if (!ok && !failed) counts.failed += 1;
  results.push([title, ok]);
}

results.push(['typecheck', step('Type-check', process.execPath, [join(root, 'scripts/typecheck.mjs')])]);
results.push(['lint', step('Lint and format (Biome)', bin('biome'), ['ci', '.'])]);
results.push([
  'import boundaries',
  step('Import boundaries', bin('depcruise'), [
    '--config',
    '.dependency-cruiser.cjs',
    ...['apps', 'packages', 'tools', 'e2e', 'scripts'],
  ]),
]);

const apiProjects = ['unit', 'unit-isolated', 'web', 'api-sqlite'];
if (process.env.TEST_POSTGRES === 'skip') {
  console.warn(
    '\n!!! TEST_POSTGRES=skip: the API suite is NOT being run on PostgreSQL, nor the cluster tests. !!!\n',
  );
} else {
  apiProjects.push('api-postgres', 'cluster');
}
vitest('Unit and API tests', apiProjects);

// The browser tests use what `npm start` serves: the built web app and the terminal bundle.
const webBuilt =
  step('Build the web app', 'npm', ['run', 'build', '--workspace', '@caravanserai/web']) &&
  step('Build the server and terminal bundles', process.execPath, [join(root, 'scripts/build.mjs')]);
results.push(['web build', webBuilt]);
if (webBuilt) playwright('Browser tests (Chromium)');

for (const [name, ok] of results) if (!ok && !name.includes('tests')) counts.failed += 1;

console.log('\n=== Summary ===');
for (const [name, ok] of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
