import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '..', 'src', 'server.ts');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the server from its sources until it exits; resolves with its exit code and output. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'caravanserai-redis-start-'));
  dirs.push(dir);
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
      resolve({ code, output });
    }),
  );
}

describe('starting with REDIS_URL', () => {
  it('refuses to start when Redis does not answer, naming the setting, and repeats no password', async () => {
    // Nothing listens on port 1.
    const { code, output } = await start({ REDIS_URL: 'redis://:s3cret-word@127.0.0.1:1' });
    expect(code).toBe(1);
    expect(output).toContain('REDIS_URL: cannot connect to Redis at redis://:***@127.0.0.1:1');
    expect(output).toContain('ECONNREFUSED');
    expect(output).not.toContain('s3cret-word');
    expect(output).not.toContain('Caravanserai is running');
  });
});
