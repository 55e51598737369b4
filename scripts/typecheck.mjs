// Type-checks every workspace that has a tsconfig.json, each with its own settings
// (the pure packages compile with no DOM and no Node types).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const projects = [
  ...['packages', 'apps', 'tools'].flatMap((group) =>
    readdirSync(join(root, group)).map((name) => join(group, name)),
  ),
  'e2e',
]
  // A package's tests may need types its source must not see (Node in a portable package).
  .flatMap((dir) => [dir, join(dir, 'test')])
  .filter((dir) => existsSync(join(root, dir, 'tsconfig.json')));

let failed = 0;
for (const project of projects) {
  const result = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', project, '--noEmit'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed++;
    console.error(`typecheck failed: ${project}`);
  }
}
console.log(`typecheck: ${projects.length - failed} of ${projects.length} projects clean`);
process.exit(failed ? 1 : 0);
