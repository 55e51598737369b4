// `npm run lint` (and `npm test`): which part of the repository may import which. Every import and
// re-export of every tracked source file is resolved to the folder it lands in and checked against
// the rules below; a breach names the file, the import and the rule. File names themselves are
// checked by Biome (kebab-case).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The workspace packages by name, so `@caravanserai/x` imports are checked like relative ones. */
const workspaces = new Map(
  ['packages', 'apps', 'tools'].flatMap((group) =>
    execFileSync('git', ['ls-files', `${group}/*/package.json`], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((file) => [JSON.parse(readFileSync(join(root, file), 'utf8')).name, dirname(file)]),
  ),
);

/** Where an import lands, as a repository path ('' outside the repository, e.g. a dependency). */
function target(fromFile, specifier) {
  if (specifier.startsWith('.')) return relative(root, resolve(root, dirname(fromFile), specifier));
  const name = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0];
  return workspaces.get(name) ?? '';
}

const top = (path) => path.split(sep).slice(0, 2).join('/');
const feature = (path) => /^apps\/web\/src\/features\/([^/]+)/.exec(path.split(sep).join('/'))?.[1];

/** Each rule: a name, and the breach it finds for one import (or null). */
const RULES = [
  {
    name: 'the shared packages never import apps or the browser tests (their tests use the test kit)',
    breach: (from, to) => /^packages\/(api|logbook|mapper)\//.test(from) && /^(apps|e2e)\//.test(to),
  },
  {
    name: "the shared packages' sources never import tools",
    breach: (from, to) => /^packages\/(api|logbook|mapper)\/src\//.test(from) && to.startsWith('tools/'),
  },
  {
    name: 'an app never imports another app',
    breach: (from, to) => from.startsWith('apps/') && to.startsWith('apps/') && top(from) !== top(to),
  },
  {
    name: 'tools never import apps or the browser tests (the test kit is their way in)',
    breach: (from, to) => from.startsWith('tools/') && /^(apps|e2e)\//.test(to),
  },
  {
    name: 'a feature of the web app never imports another feature (compose them in app/routes)',
    breach: (from, to) =>
      feature(from) !== undefined && feature(to) !== undefined && feature(from) !== feature(to),
  },
];

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file) && !file.includes('node_modules/') && !file.includes('/dist/'));

const breaches = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    const to = target(file, specifier).split(sep).join('/');
    for (const rule of RULES) {
      if (to !== '' && rule.breach(file, to)) breaches.push(`${file}: '${specifier}' (${rule.name})`);
    }
  }
}

if (breaches.length > 0) {
  console.error(
    `Import boundaries broken (${breaches.length}):\n${breaches.map((b) => `  ${b}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`Import boundaries hold across ${files.length} files.`);
