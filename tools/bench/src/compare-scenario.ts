import type { ApiClient } from '@caravanserai/api';
import { benchWell, signUp } from './api.js';
import type { Figure } from './results.js';

const ROUNDS = 50;
const PROMPT = 'How far is Samarkand from Bukhara?';

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The time from asking to the first piece of the answer, asked alone through the server. */
async function aloneFirstToken(api: ApiClient, logid: string, wellid: string): Promise<number> {
  const start = performance.now();
  let at = 0;
  await api.queries.stream(
    { logid, prompt: PROMPT, wellid },
    {
      onDelta: () => {
        at ||= performance.now();
      },
    },
  );
  return at - start;
}

/** The time from asking a compare to the first piece of each lane's answer. */
async function compareFirstTokens(api: ApiClient, logid: string, wellids: string[]): Promise<number[]> {
  const start = performance.now();
  const at = new Map<number, number>();
  await api.queries.compare(
    { logid, prompt: PROMPT, wellids },
    {
      onDelta: (lane) => {
        if (!at.has(lane)) at.set(lane, performance.now());
      },
    },
  );
  return wellids.map((_, lane) => (at.get(lane) ?? Number.NaN) - start);
}

/**
 * A compare of three wells (DESIGN 12) against each well asked alone, all through the server to a
 * provider that writes its answer a piece at a time: the compare's answers stream side by side,
 * so the last of its first tokens comes no later than the slowest well's own, plus the server's
 * work for two more calls.
 */
export async function compareScenario(baseUrl: string, pacedFakeUrl: string): Promise<Figure[]> {
  const api = await signUp(baseUrl);
  const wells = [];
  for (const name of ['first', 'second', 'third'])
    wells.push(await benchWell(api, pacedFakeUrl, `compare ${name}`));
  const wellids = wells.map((w) => w.wellid);
  const { logid } = await api.logbooks.create({
    title: 'compare bench',
    logwell: wellids[0]!,
    memory: false,
  });

  for (let i = 0; i < 5; i++) await compareFirstTokens(api, logid, wellids);
  const alone: number[][] = wellids.map(() => []);
  const lastOfCompare: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    for (const [k, wellid] of wellids.entries()) alone[k]!.push(await aloneFirstToken(api, logid, wellid));
    lastOfCompare.push(Math.max(...(await compareFirstTokens(api, logid, wellids))));
  }
  const slowest = Math.max(...alone.map(median));
  const compared = median(lastOfCompare);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  return [
    {
      name: 'Compare of 3 wells: first token of its last answer vs the slowest well alone (p50)',
      value: `${fmt(compared)} vs ${fmt(slowest)}`,
      budget: '<= slowest + 10 ms',
      ok: compared <= slowest + 10,
    },
  ];
}
