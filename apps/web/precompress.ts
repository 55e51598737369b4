import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; source maps stay as they are (served only when asked for). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes a .br and a .gz beside every text asset of the build, compressed as hard as the formats
 * go: it is done once per build, and the server sends them as they are to every visitor.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'caravanserai-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const path of files(outDir)) {
        // index.html is never sent as it is on disk: the server writes its config in, then compresses.
        if (!COMPRESSIBLE.test(path) || path.endsWith('index.html')) continue;
        const content = readFileSync(path);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
