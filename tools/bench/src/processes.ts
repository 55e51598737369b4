import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** Starts a child Node process and waits until it accepts HTTP on `port`. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  port: number,
  extraArgs: string[] = [],
): Promise<ChildProcess> {
  const args = [...(script.endsWith('.ts') ? ['--import', 'tsx', script] : [script]), ...extraArgs];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  throw new Error(`${script} did not start on port ${port}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

export function freePort(): number {
  return 20000 + Math.floor(Math.random() * 20000);
}
