import { type ApiClient, pathOf, routes } from '@caravanserai/api';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import { signUp } from './api.js';
import type { Figure } from './results.js';

const ROUNDS = 50;

/** A conversation of `count` short turns: 100,000 of them still fit one 5 MB write. */
function turns(count: number): Entry[] {
  return Array.from({ length: count }, (_, i) => ({
    tag: i % 2 === 0 ? 'query' : 'gen',
    attrs: {},
    content: `Turn ${i}`,
  }));
}

async function logbookOf(api: ApiClient, count: number): Promise<string> {
  const logbook = await api.logbooks.create({ title: `pages ${count}`, log: serializeLog(turns(count)) });
  return logbook.logid;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The paged read of the active path (DESIGN 3a): the newest 100 turns of a 100-entry and of a
 * 100,000-entry logbook, one request at a time, and what a page weighs. The cost must not grow
 * with the logbook.
 */
export async function pagesScenario(baseUrl: string): Promise<Figure[]> {
  const api = await signUp(baseUrl);
  const measure = async (count: number) => {
    const logid = await logbookOf(api, count);
    const url = `${baseUrl}${pathOf(routes.logbooks.entries, { logid })}`;
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS + 10; round++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { authorization: `Token ${api.token}` } });
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`entries page at ${count}: HTTP ${response.status}`);
      if (round >= 10) times.push(performance.now() - started);
      bytes = body.byteLength;
    }
    return { ms: median(times), bytes };
  };
  const small = await measure(100);
  const large = await measure(100_000);
  const ratio = large.ms / small.ms;
  return [
    {
      name: 'Newest page of the active path, 100 entries (median)',
      value: `${small.ms.toFixed(2)} ms`,
      budget: '',
      ok: null,
    },
    {
      name: 'Newest page of the active path, 100,000 entries (median)',
      value: `${large.ms.toFixed(2)} ms`,
      budget: '',
      ok: null,
    },
    {
      name: 'Page cost ratio, 100,000 vs 100 entries',
      value: ratio.toFixed(2),
      budget: '< 1.5',
      ok: ratio < 1.5,
    },
    {
      name: 'Bytes of the newest page, 100,000 entries',
      value: `${(large.bytes / 1024).toFixed(1)} KB`,
      budget: '< 200 KB',
      ok: large.bytes < 200 * 1024,
    },
  ];
}
