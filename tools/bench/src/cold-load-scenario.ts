import { openBrowser } from '@caravanserai/test-kit/browser';
import type { Figure } from './results.js';

/**
 * The bytes a first visit to the home page moves over the network, as Chromium counts them
 * (encoded: after compression, headers included), with an empty cache.
 */
export async function coldLoadScenario(origin: string): Promise<Figure[]> {
  const browser = await openBrowser();
  try {
    const { page } = browser;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    const kb = bytes / 1024;
    return [
      {
        name: 'Home page cold load, bytes over the network (all requests)',
        value: `${kb.toFixed(0)} KB in ${requests} requests`,
        budget: '',
        ok: null,
      },
    ];
  } finally {
    await browser.close();
  }
}
