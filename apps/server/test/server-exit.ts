import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVER = join(import.meta.dirname, '..', 'src', 'server.ts');

/**
 * Runs the server from its sources, on a fresh DATA_DIR (a temporary directory named by `prefix`,
 * removed once it exits) and PORT=0 plus `env`, until it exits (killed after 20 s); resolves
 * with its exit code and its output (stdout and stderr).
 */
export function startUntilExit(
  env: Record<string, string>,
  prefix: string,
): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, output });
    }),
  );
}
