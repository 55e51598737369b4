import { cpus, totalmem } from 'node:os';

export function describeMachine(): string {
  const cpu = cpus();
  const gib = Math.round(totalmem() / 1024 ** 3);
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${gib} GiB, Node ${process.version}, ${process.platform}`;
}
