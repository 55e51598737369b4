import { type ApiClient, pathOf, routes } from '@caravanserai/api';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import { settled } from '@caravanserai/test-kit/browser';
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
 * Runs in the page (this file compiles without the DOM library, hence a string): goes to `path`
 * as a link in the app does (the router follows the history), and resolves with the milliseconds
 * until `text` is drawn.
 */
const NAVIGATE = `(async ({ path, text }) => {
  const started = performance.now();
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate', { state: null }));
  return new Promise((resolve) => {
    const check = () => {
      for (const element of document.querySelectorAll('main [data-tag]')) {
        if (element.textContent.includes(text)) return resolve(performance.now() - started);
      }
      requestAnimationFrame(check);
    };
    check();
  });
})`;

/**
 * Goes to the logbook from another one `ROUNDS` times, each in a fresh page load so nothing of it
 * is cached: the median time until its newest entry is drawn, and the bytes of the logbook's own
 * API answers (overview, entries, token totals) read meanwhile.
 */
async function open(page: Page, origin: string, logid: string, count: number, warmUp: string) {
  const prefix = `/api${pathOf(routes.logbooks.get, { logid })}`;
  let bytes = 0;
  const onResponse = async (response: import('playwright-core').Response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith(prefix) || pathname.endsWith('/version/')) return;
    const body = await response.body().catch(() => null);
    bytes += body?.length ?? 0;
  };
  const samples: number[] = [];
  const sizes: number[] = [];
  const go = (path: string, text: string) =>
    page.evaluate(`${NAVIGATE}(${JSON.stringify({ path, text })})`) as Promise<number>;
  page.on('response', onResponse);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(`${origin}/logbooks/`);
      await page.getByRole('main').getByRole('link', { name: 'New Logbook' }).waitFor();
      // Another logbook first, so the page's code is loaded: the figure is this logbook's own.
      await go(`/logbooks/${warmUp}`, 'Turn 1.');
      bytes = 0;
      samples.push(await go(`/logbooks/${logid}`, `Turn ${count - 1}.`));
      // Answers still arriving once the entry shows count too.
      await settled(page);
      sizes.push(bytes);
    }
  } finally {
    page.off('response', onResponse);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { ms: Math.round(median(samples)), bytes: median(sizes) };
}

/**
 * Long logbooks open at once (DESIGN 3a): in the same run, navigation to the newest turns shown for
 * a 100-entry and a 100,000-entry logbook, and the bytes of log data read to show them.
 */
export async function navigationScenario(page: Page, api: ApiClient, origin: string): Promise<Figure[]> {
  const warmUp = await api.logbooks.create({ title: 'warm-up', log: serializeLog(turns(2)) });
  const short = await api.logbooks.create({ title: 'short', log: serializeLog(turns(SHORT)) });
  const long = await api.logbooks.create({ title: 'long', log: serializeLog(turns(LONG)) });
  const shortOpen = await open(page, origin, short.logid, SHORT, warmUp.logid);
  const longOpen = await open(page, origin, long.logid, LONG, warmUp.logid);
  const ratio = longOpen.ms / Math.max(1, shortOpen.ms);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    {
      name: `${SHORT}-entry logbook, navigation in the app to newest turns shown (median of ${ROUNDS})`,
      value: `${shortOpen.ms} ms`,
      budget: '< 300 ms',
      ok: shortOpen.ms < 300,
    },
    {
      name: `${LONG.toLocaleString('en')}-entry logbook, navigation in the app to newest turns shown (median of ${ROUNDS})`,
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
