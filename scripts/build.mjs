// Builds what `npm start` runs: the server bundle (and the web app, once it has a build step).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Our workspace packages ship TypeScript sources, so they are bundled; npm packages stay external. */
const bundleWorkspaceOnly = {
  name: 'workspace-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@caravanserai/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  await build({
    // The worker threads (the task pool, SQLite's writer) load their own entries, beside server.js.
    entryPoints: {
      server: join(root, 'apps/server/src/server.ts'),
      migrate: join(root, 'apps/server/src/migrate-command.ts'),
      'tasks.worker': join(root, 'apps/server/src/workers/tasks.worker.ts'),
      'sqlite-writer-thread.worker': join(root, 'apps/server/src/db/sqlite-writer-thread.worker.ts'),
    },
    outdir: join(root, 'apps/server/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [bundleWorkspaceOnly],
  });
}

/**
 * The `mapper` CLI as one self-contained file (every dependency bundled), so the downloaded
 * package runs with nothing but Node.js.
 */
export async function buildCli(outfile = join(root, 'apps/cli/dist/mapper.mjs')) {
  const { version } = JSON.parse(readFileSync(join(root, 'apps/cli/package.json'), 'utf8'));
  await build({
    entryPoints: [join(root, 'apps/cli/src/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'linked',
    logLevel: 'warning',
    // `mapper --version`: written into the bundle, since package.json is not shipped with it.
    define: { __MAPPER_VERSION__: JSON.stringify(version) },
    banner: {
      // Bundled CommonJS dependencies still call require(); give them one.
      js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
  });
}

export function webHasBuild() {
  const pkg = JSON.parse(readFileSync(join(root, 'apps/web/package.json'), 'utf8'));
  return Boolean(pkg.scripts?.build);
}

export function webIsBuilt() {
  return existsSync(join(root, 'apps/web/dist/index.html'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await Promise.all([buildServer(), buildCli()]);
  console.log('built apps/server/dist/server.js and apps/cli/dist/mapper.mjs');
}
