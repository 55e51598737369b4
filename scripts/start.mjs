// `npm start`: builds what is missing, then runs the server (which migrates and seeds on start).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (!existsSync(join(root, 'node_modules'))) {
  console.error('Dependencies are not installed: run `npm install` first, then `npm start`.');
  process.exit(1);
}

const { buildCli, buildServer, webHasBuild, webIsBuilt } = await import('./build.mjs');
if (webHasBuild() && !webIsBuilt()) {
  console.log('Building the web app (first start)...');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@caravanserai/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The server and the terminal bundles take about a second, so they are always rebuilt: never stale.
await Promise.all([buildServer(), buildCli()]);
await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
