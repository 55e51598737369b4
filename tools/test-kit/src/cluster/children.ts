import type { ChildProcess } from 'node:child_process';

/** Every process the cluster fixture started and that still runs. */
const live = new Set<ChildProcess>();
let hooked = false;

/**
 * Keeps `child` on the list of processes killed when the test process ends without stopping them
 * (a failed or interrupted run), so no server or proxy outlives it.
 */
export function track(child: ChildProcess): void {
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
  live.add(child);
  child.once('exit', () => live.delete(child));
}
