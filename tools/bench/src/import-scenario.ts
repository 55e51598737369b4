import { openAsBlob, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeChatGptExport } from '@caravanserai/test-kit/chatgpt-export';
import { signUp } from './api.js';
import type { Figure } from './results.js';

const CONVERSATIONS = 10_000;
const BUDGET_MB = 300;
const MB = 1024 * 1024;

/** The server's resident memory now, from /proc (Linux). */
function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  return kb === undefined ? 0 : Number(kb) * 1024;
}

/**
 * Imports a generated ChatGPT export of 10,000 conversations (3 turns each) through `POST /import/`
 * and follows the job to its end, sampling the server process's resident memory every 50 ms and
 * timing another user's small requests meanwhile.
 */
export async function importScenario(baseUrl: string, workDir: string, serverPid: number): Promise<Figure[]> {
  const file = join(workDir, 'conversations.json');
  const { bytes } = await writeChatGptExport(file, CONVERSATIONS, { turns: 3, answerChars: 400 });
  const api = await signUp(baseUrl);
  const other = await signUp(baseUrl);
  const before = rssBytes(serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(serverPid));
  }, 50);
  // Meanwhile another user reads their journals every 20 ms: how long do they wait?
  const waits: number[] = [];
  let importing = true;
  const probe = (async () => {
    while (importing) {
      const sent = performance.now();
      await other.journals.list();
      waits.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  try {
    const { job_id } = await api.imports.start(await openAsBlob(file), 'conversations.json');
    for (;;) {
      const job = await api.imports.get(job_id);
      if (job.status !== 'running') {
        if (job.status !== 'done' || job.imported.length !== CONVERSATIONS)
          throw new Error(
            `the import ended ${job.status} with ${job.imported.length} logbooks: ${job.detail ?? ''}`,
          );
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    clearInterval(sampler);
    importing = false;
    await probe;
  }
  waits.sort((a, b) => a - b);
  const p99 = waits[Math.min(waits.length - 1, Math.floor(0.99 * waits.length))] ?? 0;
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssBytes(serverPid));
  return [
    {
      name: `Import of ${CONVERSATIONS.toLocaleString('en')} ChatGPT conversations (${Math.round(bytes / MB)} MB file), upload to done`,
      value: `${seconds.toFixed(1)} s (${Math.round(CONVERSATIONS / seconds)} conversations/s)`,
      budget: '—',
      ok: null,
    },
    {
      name: 'Server memory (RSS) during that import: peak (before it)',
      value: `${Math.round(peak / MB)} MB (${Math.round(before / MB)} MB)`,
      budget: `< ${BUDGET_MB} MB`,
      ok: peak < BUDGET_MB * MB,
    },
    {
      name: `Another user's request during that import, p99 (p50) of ${waits.length}`,
      value: `${p99.toFixed(1)} ms (${(waits[Math.floor(waits.length / 2)] ?? 0).toFixed(1)} ms)`,
      budget: '< 100 ms',
      ok: p99 < 100,
    },
  ];
}
