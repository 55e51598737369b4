import { type ApiClient, pathOf, routes } from '@caravanserai/api';
import { serializeLog } from '@caravanserai/logbook';
import type { Page } from 'playwright-core';
import { benchWell, sampleEntries } from './api.js';
import type { Figure } from './results.js';

const ENTRIES = 1_000;
const WARM_UP = 2;
const ROUNDS = 9;

/**
 * Runs in the page before the app (this file compiles without the DOM library, hence a string):
 * notes when the answer stream's last `delta` event reaches the page, and offers a watcher that
 * resolves at the first frame drawing a stored answer (its entry buttons shown, no longer busy).
 */
const INSTRUMENT = `(() => {
  const bench = { lastDelta: 0, done: 0 };
  window.__bench = bench;
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes(${JSON.stringify(pathOf(routes.queries.stream))}) || !response.body) return response;
    const decoder = new TextDecoder();
    const body = response.body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        const text = decoder.decode(chunk, { stream: true });
        if (text.includes('event: delta')) bench.lastDelta = performance.now();
        if (text.includes('event: done')) bench.done = performance.now();
        controller.enqueue(chunk);
      },
    }));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  bench.watch = (text) => new Promise((resolve) => {
    const check = () => {
      for (const entry of document.querySelectorAll('[data-tag="gen"]')) {
        if (entry.getAttribute('aria-busy') === 'true' || !entry.textContent.includes(text)) continue;
        if (entry.querySelector('button[aria-label^="Delete"]')) return resolve(performance.now());
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
})();`;

/**
 * The answer path in Chromium: in a 1,000-entry logbook, the time from the answer's last token
 * reaching the page to the frame that shows the answer as stored (its buttons usable). It covers
 * the server storing the answer and whatever the page does after: a refetch and re-parse of the
 * whole log, or applying the stored entry the stream's final event carries.
 */
export async function answerScenario(
  page: Page,
  api: ApiClient,
  origin: string,
  fakeUrl: string,
): Promise<Figure[]> {
  const well = await benchWell(api, fakeUrl, 'bench answer well');
  const { logid } = await api.logbooks.create({
    title: 'answer path',
    logwell: well.wellid,
    log: serializeLog(sampleEntries(ENTRIES)),
  });
  await page.addInitScript(INSTRUMENT);
  await page.goto(`${origin}/logbooks/${logid}`);
  const scribe = page.getByRole('textbox', { name: 'Scribe' });
  await scribe.waitFor();

  // Full reads of the log (GET /journals/logbooks/{logid}/) while answers arrive: the path to avoid.
  let logReads = 0;
  const logUrl = `/api${pathOf(routes.logbooks.get, { logid })}`;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === logUrl) logReads += 1;
  });
  const samples: number[] = [];
  const pageShare: number[] = [];
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const question = `Bench question ${round} ${Date.now()}`;
    // The fake provider echoes the question: the answer is 'Echo: <question>'.
    const shown = page.evaluate((text) => {
      const bench = (globalThis as unknown as { __bench: { watch(t: string): Promise<number> } }).__bench;
      return bench.watch(text);
    }, `Echo: ${question}`);
    await scribe.fill(question);
    await scribe.press('Enter');
    const shownAt = await shown;
    const { lastDelta, done } = await page.evaluate(
      () => (globalThis as unknown as { __bench: { lastDelta: number; done: number } }).__bench,
    );
    if (round === WARM_UP) logReads = 0;
    if (round >= WARM_UP) {
      samples.push(shownAt - lastDelta);
      pageShare.push(shownAt - done);
    }
    // Let the page settle (a refetch, the Send button back) before the next question.
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await page.waitForTimeout(400);
  }
  const sorted = samples.sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const pageMedian = pageShare.sort((a, b) => a - b)[Math.floor(pageShare.length / 2)]!;
  const figures: Figure[] = [
    {
      name: `${ENTRIES.toLocaleString('en')}-entry logbook, answer's last token to shown as stored (median of ${ROUNDS}, min / max)`,
      value: `${median.toFixed(0)} ms (${sorted[0]!.toFixed(0)} / ${sorted.at(-1)!.toFixed(0)} ms)`,
      budget: '',
      ok: null,
    },
    {
      name: "Of which the page's part: the stream's final event (the stored answer) to shown (median)",
      value: `${pageMedian.toFixed(0)} ms`,
      budget: '< 16 ms',
      ok: pageMedian < 16,
    },
    {
      name: 'Full log reads per answer on that path',
      value: (logReads / ROUNDS).toFixed(1),
      budget: '0',
      ok: logReads === 0,
    },
  ];
  return figures;
}
