import { gzipSync } from 'node:zlib';
import { openBrowser } from '@caravanserai/test-kit/browser';
import { answerScenario } from './answer-scenario.js';
import { logbookWith, signUp } from './api.js';
import { navigationScenario } from './navigation-scenario.js';
import type { Figure } from './results.js';

/**
 * In Chromium against the built app: the JavaScript the home page loads (gzipped, as a server
 * would send it), how long a 10,000-entry logbook takes to show its newest entries, a 100,000-entry
 * one against a 100-entry one, and how soon a streamed answer shows as stored in a 1,000-entry one.
 */
export async function browserScenario(origin: string, baseUrl: string, fakeUrl: string): Promise<Figure[]> {
  // The same Chromium, flags and fresh profile as the browser tests.
  const browser = await openBrowser();
  try {
    const { page } = browser;
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(response.url(), gzipSync(body).length);
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    const initialKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;

    const api = await signUp(baseUrl);
    const logid = await logbookWith(api, 10_000, 'ten thousand entries');
    // Runs in the page, where localStorage exists; this file compiles without the DOM library.
    await page.addInitScript(`localStorage.setItem('authKey', ${JSON.stringify(api.token ?? '')})`);
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      await page.goto(`${origin}/logbooks/${logid}`);
      // The owner's workspace opens at the newest entry.
      await page.getByText('Answer 9999:', { exact: false }).first().waitFor({ timeout: 30_000 });
      samples.push(Date.now() - started);
    }
    const render = samples.sort((a, b) => a - b)[1]!;
    const navigation = await navigationScenario(page, api, origin);
    const answer = await answerScenario(page, api, origin, fakeUrl);
    return [
      {
        name: 'Home page JavaScript, gzipped (all scripts loaded)',
        value: `${initialKb.toFixed(0)} KB in ${scripts.size} files`,
        budget: '< 250 KB',
        ok: initialKb < 250,
      },
      {
        name: '10,000-entry logbook page, navigation to newest entries shown (median of 3)',
        value: `${render} ms`,
        budget: '< 1000 ms',
        ok: render < 1000,
      },
      ...navigation,
      ...answer,
    ];
  } finally {
    await browser.close();
  }
}
