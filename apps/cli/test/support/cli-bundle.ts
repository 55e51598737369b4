import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SignedIn, TestServer } from '@caravanserai/test-kit';
import { beforeAll } from 'vitest';
import { buildCli } from '../../../../scripts/build.mjs';
import { writeCredentials } from '../../src/config.js';

/** A test file's own work folder: the CLI bundled into it (afresh, so parallel files never share one) and a config folder. */
export function useCliBundle(name: string): { work: string; bundle: string; config: string } {
  const work = mkdtempSync(join(tmpdir(), `caravanserai-${name}-`));
  const bundle = join(work, 'mapper.mjs');
  beforeAll(() => buildCli(bundle), 120_000);
  return { work, bundle, config: join(work, 'config') };
}

/** Signs the CLI whose config folder is `config` in to `server` as `user`, as `mapper login` would. */
export function signInCli(config: string, server: TestServer, user: SignedIn): void {
  writeCredentials(
    { server: server.origin, api: server.baseUrl, token: user.token, username: user.username },
    { CARAVANSERAI_CONFIG_DIR: config },
  );
}

/** What a run of the bundle printed, apart, and how it exited. */
export interface CliRun {
  out: string;
  err: string;
  code: number;
}

/**
 * Runs the bundle as a shell script would: `args`, `input` piped in, from `cwd`, signed in with
 * the settings under `config`; `env` adds to the environment (e.g. a HOME of the test's own).
 */
export function runCli(
  bundle: string,
  {
    args = [],
    input = '',
    cwd,
    config,
    env = {},
  }: {
    args?: string[];
    input?: string;
    cwd: string;
    config: string;
    env?: Record<string, string>;
  },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], {
      env: { ...process.env, CARAVANSERAI_CONFIG_DIR: config, CARAVANSERAI_SERVER: '', ...env },
      cwd,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ out, err, code: code ?? -1 }));
    child.stdin.end(input);
  });
}
