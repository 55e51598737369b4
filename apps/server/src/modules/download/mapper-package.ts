/// <reference path="./archiver.d.ts" />
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { TarArchive, ZipArchive } from 'archiver';

export const PACKAGE_FILES = ['caravanserai.zip', 'caravanserai.tar.gz'] as const;
export type PackageFile = (typeof PACKAGE_FILES)[number];

export function isPackageFile(name: string): name is PackageFile {
  return (PACKAGE_FILES as readonly string[]).includes(name);
}

const LAUNCHER = `#!/bin/sh
# Runs the Mapper terminal with this machine's Node.js (20.19 or newer).
exec node "$(dirname "$0")/mapper.mjs" "$@"
`;

const LAUNCHER_CMD = `@echo off
rem Runs the Mapper terminal with this machine's Node.js (20.19 or newer).
node "%~dp0mapper.mjs" %*
`;

function readme(origin: string): string {
  return `# Mapper: the Caravanserai terminal

Work on your logbooks from a terminal. Needs Node.js 20.19 or newer.

    ./mapper login      # sign in to ${origin} (the token is kept in your config folder, readable only by you)
    ./mapper            # open the terminal; type \`help\` for the commands
    echo "ls" | ./mapper   # or script it: one command per line; exits 1 if any command failed
    ./mapper --version  # the version of this package

On Windows use \`mapper.cmd\`. The server this package came from is written in \`config.json\`;
\`--server URL\` or the \`CARAVANSERAI_SERVER\` variable points it elsewhere.
`;
}

/**
 * The downloadable Mapper: the bundled CLI, a launcher for Unix and Windows, a README and a
 * config naming the server it was downloaded from, all in a `caravanserai/` folder.
 */
export function mapperPackage(
  file: PackageFile,
  bundlePath: string,
  origin: string,
  apiPrefix: string,
): Readable {
  const archive = file.endsWith('.zip')
    ? new ZipArchive({ zlib: { level: 9 } })
    : new TarArchive({ gzip: true });
  const date = new Date();
  archive.append(createReadStream(bundlePath), { name: 'caravanserai/mapper.mjs', mode: 0o755, date });
  archive.append(LAUNCHER, { name: 'caravanserai/mapper', mode: 0o755, date });
  archive.append(LAUNCHER_CMD, { name: 'caravanserai/mapper.cmd', mode: 0o644, date });
  archive.append(`${JSON.stringify({ server: origin, apiPrefix }, null, 2)}\n`, {
    name: 'caravanserai/config.json',
    mode: 0o644,
    date,
  });
  archive.append(readme(origin), { name: 'caravanserai/README.md', mode: 0o644, date });
  void archive.finalize();
  return archive;
}
