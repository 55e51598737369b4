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

const PAYMENTS = {
  PAYMENTS_ENABLED: 'true',
  STRIPE_SECRET_KEY: 'sk_test_startupSecret0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_startup',
  STRIPE_PRICE_MERCHANT_MONTH: 'price_mm',
  STRIPE_PRICE_MERCHANT_YEAR: 'price_my',
  STRIPE_PRICE_SULTAN_MONTH: 'price_sm',
  STRIPE_PRICE_SULTAN_YEAR: 'price_sy',
};

/** Runs the server from its sources until it exits; resolves with its exit code and output. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'caravanserai-payments-start-'));
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

describe('starting with payments on', () => {
  it('refuses to start without the webhook secret, naming it, and repeats no secret', async () => {
    const { code, output } = await start(PAYMENTS);
    expect(code).toBe(1);
    expect(output).toContain('STRIPE_WEBHOOK_SECRET="" must be set when PAYMENTS_ENABLED is true');
    expect(output).not.toContain('startupSecret');
    expect(output).not.toContain('Caravanserai is running');
  });
});
