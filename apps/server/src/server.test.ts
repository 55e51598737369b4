import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, 'server.ts');
const MIGRATE = join(import.meta.dirname, 'migrate-command.ts');
const started: { child: ChildProcess; dir: string }[] = [];

afterEach(() => {
  for (const { child, dir } of started.splice(0)) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs the server (or another entry) from its sources with `env`, collecting what it prints. */
function run(
  env: Record<string, string>,
  entry = SERVER,
  dir = mkdtempSync(join(tmpdir(), 'caravanserai-start-')),
) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dir });
  let output = '';
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp) => {
    const deadline = Date.now() + 20_000;
    while (!pattern.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`never printed ${pattern}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return output;
  };
  return { output: () => output, stdout: () => stdout, exited, waitFor, child, dir };
}

/** The address a started server printed. */
async function originOf(server: ReturnType<typeof run>): Promise<string> {
  const text = await server.waitFor(/Caravanserai is running at (http:\/\/127\.0\.0\.1:\d+)/);
  return /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1] ?? '';
}

async function readiness(origin: string) {
  const res = await fetch(`${origin}/readyz`);
  return { status: res.status, body: (await res.json()) as { reason?: string } };
}

// Each test starts a real server process: seconds, more on a busy machine.
describe('starting the server', { timeout: 30_000 }, () => {
  it('says where it runs in a line a person reads, and logs no line per request', async () => {
    const server = run({});
    const text = await server.waitFor(/Caravanserai is running at (http:\/\/127\.0\.0\.1:\d+)/);
    const origin = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    expect(text).not.toMatch(/^\{/m);
    expect(text).not.toMatch(/Deprecation|Warning/);
    for (let i = 0; i < 3; i++) await (await fetch(`${origin}/api/u/caravanserai/`)).text();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.output()).not.toMatch(/\/api\/u\/caravanserai/);
  });

  it('writes JSON with LOG_FORMAT=json, and a line per request at LOG_LEVEL=debug', async () => {
    const server = run({ LOG_FORMAT: 'json', LOG_LEVEL: 'debug' });
    const text = await server.waitFor(/Caravanserai is running at/);
    const origin = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    await (await fetch(`${origin}/api/u/caravanserai/`)).text();
    await server.waitFor(/"url":"\/api\/u\/caravanserai\/"/);
    const lines = server.stdout().trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('will not start on PostgreSQL without SECRET_KEY, naming it', async () => {
    const server = run({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SECRET_KEY must be set when DATABASE_URL is');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('stops naming DATABASE_URL, its password masked, when PostgreSQL cannot be reached', async () => {
    const server = run({
      DATABASE_URL: 'postgres://postgres:hunter2pass@127.0.0.1:1/test',
      SECRET_KEY: 'the-shared-secret-0123456789',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'DATABASE_URL: cannot connect to PostgreSQL at postgres://postgres:***@127.0.0.1:1/test:',
    );
    expect(server.output()).not.toContain('hunter2pass');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('stops with a message naming a setting it cannot use', async () => {
    const server = run({ DATABASE_URL: 'mysql://root@db/x', AUTH_RATE_LIMIT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('DATABASE_URL="mysql://root@db/x" must be a postgres:// URL');
    expect(server.output()).toContain('AUTH_RATE_LIMIT="abc" must be a number');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('on SIGTERM turns not ready, keeps serving for the grace period, then exits 0', async () => {
    const server = run({ SHUTDOWN_GRACE_SECONDS: '1' });
    const origin = await originOf(server);
    expect((await readiness(origin)).status).toBe(200);
    server.child.kill('SIGTERM');
    await server.waitFor(/shutting down/);
    expect(await readiness(origin)).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'The server is shutting down.' },
    });
    expect((await fetch(`${origin}/livez`)).status).toBe(200);
    expect(await server.exited).toBe(0);
  });

  it('with MIGRATE_ON_START=false leaves the migrations to npm run migrate, not ready until then', async () => {
    const server = run({ MIGRATE_ON_START: 'false' });
    const origin = await originOf(server);
    const before = await readiness(origin);
    expect(before.status).toBe(503);
    expect(before.body.reason).toMatch(/^The database is \d+ migrations behind this release\.$/);
    expect(server.output()).toContain('run npm run migrate');

    const migrate = run({}, MIGRATE, server.dir);
    expect(await migrate.exited).toBe(0);
    expect(migrate.output()).toMatch(/Migrated the database: \d+ migrations run\./);
    // Ready once it has seen the database migrated and checked its key against it.
    await server.waitFor(/the secret key matches it/);
    expect(await readiness(origin)).toEqual({ status: 200, body: { status: 'ready' } });

    const again = run({}, MIGRATE, server.dir);
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('The database is at this release: nothing to migrate.');
  });

  it('started on a database behind it, stops once migrated if its secret key is not the database’s', async () => {
    const server = run({ MIGRATE_ON_START: 'false', SECRET_KEY: 'the-key-this-process-has-0123' });
    const origin = await originOf(server);
    expect((await readiness(origin)).status).toBe(503);
    // The migration step runs with the key the database keeps from then on.
    const migrate = run({ SECRET_KEY: 'the-key-of-every-other-0123' }, MIGRATE, server.dir);
    expect(await migrate.exited).toBe(0);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SECRET_KEY is not the key this database was set up with');
    expect(server.output()).not.toContain('the-key-this-process-has');
  });
});
