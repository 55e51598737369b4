import { pathOf, routes } from '@caravanserai/api';
import { bigLog, MAX_BODY_BYTES_HINT, signUp } from './api.js';
import type { Figure } from './results.js';

const WRITERS = 4;
const ROUNDS = 2;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * While four clients each replace a logbook's log with one of the largest allowed (just under the
 * 5 MB body limit, about 300,000 entries), another user reads a small logbook again and again:
 * how long that unrelated read waits tells whether heavy writes hold up everyone else.
 */
export async function heavyWritesScenario(baseUrl: string): Promise<Figure[]> {
  const writer = await signUp(baseUrl);
  const reader = await signUp(baseUrl);
  const { log, entries } = bigLog(MAX_BODY_BYTES_HINT);
  const body = JSON.stringify({ log });
  const targets = await Promise.all(
    Array.from({ length: WRITERS }, (_, i) => writer.logbooks.create({ title: `heavy ${i}` })),
  );
  const small = await reader.logbooks.create({
    title: 'unrelated',
    log: '<logbook><comment>hi</comment></logbook>',
  });
  const readUrl = `${baseUrl}${pathOf(routes.logbooks.get, { logid: small.logid })}`;
  const readHeaders = { authorization: `Token ${reader.token}` };

  let writing = true;
  const latencies: number[] = [];
  const reads = (async () => {
    while (writing) {
      const start = performance.now();
      const res = await fetch(readUrl, { headers: readHeaders });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`unrelated GET answered ${res.status}`);
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const writeStart = performance.now();
  const writeTimes: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        targets.map(async (target) => {
          const start = performance.now();
          const res = await fetch(`${baseUrl}${pathOf(routes.logbooks.updateLog, { logid: target.logid })}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Token ${writer.token}` },
            body,
          });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`a heavy write answered ${res.status}`);
          writeTimes.push(performance.now() - start);
        }),
      );
    }
  } finally {
    writing = false;
    await reads;
  }
  const elapsed = performance.now() - writeStart;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const slowestWrite = Math.max(...writeTimes);
  return [
    {
      name: `Unrelated GET while ${WRITERS} clients write ${(body.length / 1e6).toFixed(1)} MB logs (${entries.toLocaleString('en-US')} entries), p50 / p99 / max`,
      value: `${percentile(sorted, 50).toFixed(1)} / ${p99.toFixed(1)} / ${sorted.at(-1)?.toFixed(1)} ms (${sorted.length} reads)`,
      budget: 'p99 < 100 ms',
      ok: p99 < 100,
    },
    {
      name: `${WRITERS * ROUNDS} heavy log writes, slowest / all done`,
      value: `${(slowestWrite / 1000).toFixed(1)} s / ${(elapsed / 1000).toFixed(1)} s`,
      budget: '',
      ok: null,
    },
  ];
}
