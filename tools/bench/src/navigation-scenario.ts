import { type ApiClient, pathOf, routes } from '@caravanserai/api';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import type { Page } from 'playwright-core';
import type { Figure } from './results.js';

const SHORT = 100;
const LONG = 100_000;
const ROUNDS = 3;

/** A conversation of `count` short turns (a long one still fits one request body). */
function turns(count: number): Entry[] {
  return Array.from({ length: count }, (_, i) => ({
    tag: i % 2 === 0 ? ('query' as const) : ('gen' as const),
    attrs: { qid: `q${Math.floor(i / 2)}` },
    content: i % 2 === 0 ? `Turn ${i}?` : `Turn ${i}.`,
  }));
}

/**
 * Opens the logbook `ROUNDS` times: the median time from navigation to its newest entry shown, and
 * the bytes of the logbook's own API answers (entries, overview, token totals) read to show it.
 */
async function open(page: Page, origin: string, logid: string, count: number) {
  const prefix = `/api${pathOf(routes.logbooks.get, { logid })}`;
  let bytes = 0;
  const onResponse = async (response: import('playwright-core').Response) => {
    if (!new URL(response.url()).pathname.startsWith(prefix)) return;
    if (new URL(response.url()).pathname.endsWith('/version/')) return;
    const body = await response.body().catch(() => null);
    bytes += body?.length ?? 0;
  };
  const samples: number[] = [];
  const sizes: number[] = [];
  page.on('response', onResponse);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      bytes = 0;
      await page.goto('about:blank');
      const started = Date.now();
      await page.goto(`${origin}/logbooks/${logid}`);
      await page.getByText(`Turn ${count - 1}.`, { exact: true }).waitFor({ timeout: 30_000 });
      samples.push(Date.now() - started);
      // Answers still arriving when the entry shows count too.
      await page.waitForLoadState('networkidle');
      sizes.push(bytes);
    }
  } finally {
    page.off('response', onResponse);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { ms: median(samples), bytes: median(sizes) };
}

/**
 * Long logbooks open at once (DESIGN 3a): in the same run, navigation to the newest turns shown for
 * a 100-entry and a 100,000-entry logbook, and the bytes of log data read to show them.
 */
export async function navigationScenario(page: Page, api: ApiClient, origin: string): Promise<Figure[]> {
  const short = await api.logbooks.create({ title: 'short', log: serializeLog(turns(SHORT)) });
  const long = await api.logbooks.create({ title: 'long', log: serializeLog(turns(LONG)) });
  const shortOpen = await open(page, origin, short.logid, SHORT);
  const longOpen = await open(page, origin, long.logid, LONG);
  const ratio = longOpen.ms / Math.max(1, shortOpen.ms);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    {
      name: `${SHORT}-entry logbook, navigation to newest turns shown (median of ${ROUNDS})`,
      value: `${shortOpen.ms} ms`,
      budget: '< 300 ms',
      ok: shortOpen.ms < 300,
    },
    {
      name: `${LONG.toLocaleString('en')}-entry logbook, navigation to newest turns shown (median of ${ROUNDS})`,
      value: `${longOpen.ms} ms`,
      budget: '< 300 ms',
      ok: longOpen.ms < 300,
    },
    {
      name: `Ratio of the two (${LONG.toLocaleString('en')} / ${SHORT})`,
      value: ratio.toFixed(2),
      budget: '< 1.5',
      ok: ratio < 1.5,
    },
    {
      name: `Log data read to show the newest turns, ${SHORT} / ${LONG.toLocaleString('en')} entries`,
      value: `${kb(shortOpen.bytes)} / ${kb(longOpen.bytes)}`,
      budget: '< 200 KB',
      ok: Math.max(shortOpen.bytes, longOpen.bytes) < 200 * 1024,
    },
  ];
}
