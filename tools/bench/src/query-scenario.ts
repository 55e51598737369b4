import { join } from 'node:path';
import type { ApiClient } from '@caravanserai/api';
import { BENCH_KEY, benchWell, signUp } from './api.js';
import type { Figure } from './results.js';

const ROUNDS = 200;
const BODY = (stream: boolean) =>
  JSON.stringify({
    model: 'bench-model',
    stream,
    messages: [{ role: 'user', content: 'How far is Samarkand from Bukhara?' }],
  });

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Times `fn` ROUNDS times, one at a time, after a warm-up. */
async function timeSequential(fn: () => Promise<number | undefined>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const firstByte = await fn();
    samples.push((firstByte ?? performance.now()) - start);
  }
  return samples;
}

/** Times calls ROUNDS times each, in turn, after a warm-up: a load that drifts weighs on all alike. */
export async function timeInterleaved(calls: (() => Promise<undefined>)[]): Promise<number[][]> {
  for (let i = 0; i < 20; i++) for (const fn of calls) await fn();
  const samples: number[][] = calls.map(() => []);
  for (let i = 0; i < ROUNDS; i++) {
    for (const [k, fn] of calls.entries()) {
      const start = performance.now();
      await fn();
      samples[k]!.push(performance.now() - start);
    }
  }
  return samples;
}

/** Resolves with the time the first chunk of `response`'s body arrived, then drains it. */
export async function firstChunkAt(response: Response): Promise<number> {
  const reader = response.body!.getReader();
  await reader.read();
  const at = performance.now();
  while (!(await reader.read()).done) {}
  return at;
}

async function firstDeltaAt(api: ApiClient, logid: string): Promise<number> {
  let at = 0;
  await api.queries.stream(
    { logid, prompt: 'How far is Samarkand from Bukhara?', context: 'No Context' },
    {
      onDelta: () => {
        at ||= performance.now();
      },
    },
  );
  return at;
}

/**
 * The latency a query adds over calling the provider directly: both paths hit the same fake
 * provider process, one request at a time, so the difference is the server's own work (auth,
 * storing the query and the answer, recording usage).
 */
export async function queryScenario(baseUrl: string, fakeUrl: string): Promise<Figure[]> {
  const api = await signUp(baseUrl);
  const well = await benchWell(api, fakeUrl, 'bench well');
  // Memory off: each query sends the same short prompt, however many were asked before.
  const { logid } = await api.logbooks.create({ title: 'query bench', logwell: well.wellid, memory: false });
  const direct = (stream: boolean) =>
    fetch(`${fakeUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` },
      body: BODY(stream),
    });

  const directSubmit = await timeSequential(async () => {
    await (await direct(false)).json();
    return undefined;
  });
  // The same through a caravan's shared well under a monthly query quota (its admission takes a
  // reservation under the caravan's lock), interleaved with the plain query so both see one load.
  const caravanWell = await benchWell(api, fakeUrl, 'bench caravan well');
  const caravan = await api.caravans.create({ name: 'query bench caravan' });
  await api.caravans.shareWell(caravan.caravan_id, { wellid: caravanWell.wellid });
  await api.caravans.setPolicy(caravan.caravan_id, { member_monthly_queries: 1_000_000 });
  const onCaravan = await api.logbooks.create({
    title: 'query bench, caravan',
    logwell: caravanWell.wellid,
    memory: false,
  });
  // The same with the user's and a journal's instructions and the model's settings (DESIGN 12).
  await api.auth.updateUser({ instructions: 'Answer in British English. Prefer lists.' });
  const journal = await api.journals.create({
    title: 'query bench journal',
    instructions: 'Name the oases.',
  });
  const asking = await api.logbooks.create({
    title: 'query bench, instructions and settings',
    logwell: well.wellid,
    journal: journal.jid,
    memory: false,
  });
  await api.logbooks.patch(asking.logid, { settings: { temperature: 0.3, max_output_tokens: 500 } });
  const submit = (id: string) => async () => {
    await api.queries.submit({
      logid: id,
      prompt: 'How far is Samarkand from Bukhara?',
      context: 'No Context',
    });
    return undefined;
  };
  const [viaSubmit, viaCaravan, viaAsking] = (await timeInterleaved([
    submit(logid),
    submit(onCaravan.logid),
    submit(asking.logid),
  ])) as [number[], number[], number[]];
  const directFirst = await timeSequential(async () => firstChunkAt(await direct(true)));
  const viaFirst = await timeSequential(() => firstDeltaAt(api, logid));

  const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
  const addedP50 = percentile(viaSubmit, 50) - percentile(directSubmit, 50);
  const addedP99 = percentile(viaSubmit, 99) - percentile(directSubmit, 99);
  const ttftP50 = percentile(viaFirst, 50) - percentile(directFirst, 50);
  const caravanP50 = percentile(viaCaravan, 50) - percentile(directSubmit, 50);
  const askingP50 = percentile(viaAsking, 50) - percentile(directSubmit, 50);
  return [
    {
      name: 'Provider called directly (p50 / p99)',
      value: `${fmt(percentile(directSubmit, 50))} / ${fmt(percentile(directSubmit, 99))}`,
      budget: '',
      ok: null,
    },
    {
      name: 'Query submit through the server (p50 / p99)',
      value: `${fmt(percentile(viaSubmit, 50))} / ${fmt(percentile(viaSubmit, 99))}`,
      budget: '',
      ok: null,
    },
    {
      name: 'Added latency of query submit, p50',
      value: fmt(addedP50),
      budget: '< 10 ms',
      ok: addedP50 < 10,
    },
    { name: 'Added latency of query submit, p99', value: fmt(addedP99), budget: '', ok: null },
    {
      name: 'Added latency of query submit through a caravan well with a query quota, p50',
      value: fmt(caravanP50),
      budget: '< 10 ms',
      ok: caravanP50 < 10,
    },
    {
      name: "Added latency of query submit with the user's and the journal's instructions and model settings, p50",
      value: fmt(askingP50),
      budget: '< 10 ms',
      ok: askingP50 < 10,
    },
    {
      name: 'Time to first token, direct vs through the server (p50)',
      value: `${fmt(percentile(directFirst, 50))} vs ${fmt(percentile(viaFirst, 50))}`,
      budget: '',
      ok: null,
    },
    { name: 'Added time to first token, streaming, p50', value: fmt(ttftP50), budget: '', ok: null },
  ];
}

export const FAKE_PROVIDER_CLI = join(import.meta.dirname, '..', '..', 'fake-provider', 'src', 'cli.ts');
