import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { track } from './children.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

/** What `npm start` runs, built by scripts/build.mjs (the cluster tests' global setup builds it). */
export const SERVER_BUNDLE = join(ROOT, 'apps', 'server', 'dist', 'server.js');

/** Output kept per process: enough for the lines that say why it stopped. */
const MAX_OUTPUT = 256 * 1024;
/** A loaded two-core machine takes tens of seconds to start a server on an empty database. */
const READY_TIMEOUT_MS = 120_000;

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** The exit code once the process has ended (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Whether it still runs. */
  running(): boolean;
  /** What it printed, stdout and stderr together (the last 256 KB). */
  output(): string;
}

/**
 * Starts the built server as a process of its own with exactly `env` (and PATH), collecting what
 * it prints. It does not wait: see `waitReady`.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  if (!existsSync(SERVER_BUNDLE))
    throw new Error(`The server is not built (${SERVER_BUNDLE}): run \`npm run build\`.`);
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_OUTPUT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    pid: child.pid ?? 0,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
  };
}

/**
 * Waits until `GET origin/readyz` answers 200; fails with what the process printed if it ends
 * first or is not ready in time.
 */
export async function waitReady(origin: string, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (!server.running())
      throw new Error(`The server at ${origin} ended before it was ready:\n${server.output()}`);
    const status = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
      async (response) => {
        await response.body?.cancel();
        return response.status;
      },
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline)
      throw new Error(
        `The server at ${origin} was not ready within ${READY_TIMEOUT_MS} ms:\n${server.output()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends `signal` and resolves with the exit code once the process has ended. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (server.running()) server.child.kill(signal);
  return server.exited;
}
