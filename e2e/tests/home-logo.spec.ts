import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';

test.use({ appOptions: {} });
test.describe.configure({ mode: 'serial' });

const ALT = 'Caravanserai logo: a camel caravan passing a walled caravanserai at sunrise';
const logo = (page: Page) => page.getByRole('main').getByRole('img', { name: ALT, exact: true });

/** The image as the browser loaded it: its own size, and the size it is shown at. */
const sizes = (page: Page) =>
  logo(page).evaluate((img: HTMLImageElement) => ({
    natural: [img.naturalWidth, img.naturalHeight],
    shown: [img.getBoundingClientRect().width, img.getBoundingClientRect().height],
    complete: img.complete,
  }));

test.describe('the logo on the home page', () => {
  test('is a 264 by 264 image with its alt text, costing the page no JavaScript', async ({ app, tab }) => {
    const { page } = tab;
    const scripts: Promise<number>[] = [];
    let logoType: string | null = null;
    const onResponse = (response: Response) => {
      const type = response.request().resourceType();
      if (type === 'script') scripts.push(response.body().then((body) => gzipSync(body).length));
      if (new URL(response.url()).pathname === '/logo.svg')
        logoType = response.headers()['content-type'] ?? '';
    };
    page.on('response', onResponse);
    try {
      await page.goto(`${app.origin}/`, { waitUntil: 'networkidle' });
      await logo(page).waitFor();
      expect(await sizes(page)).toEqual({ natural: [264, 264], shown: [264, 264], complete: true });
      expect(await logo(page).getAttribute('src')).toBe('/logo.svg');
      expect(logoType).toMatch(/^image\/svg\+xml/);
      // The home page's budget (bench/RESULTS.md): the logo is an image request, not a script.
      const kb = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024;
      expect(kb).toBeLessThan(250);
    } finally {
      page.off('response', onResponse);
    }
    await shootBothThemes(page, 'home-logo');
  });

  test('keeps its size on a 390 px phone, above the title, with nothing to scroll sideways', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${app.origin}/`);
      await logo(page).waitFor();
      expect((await sizes(page)).shown).toEqual([264, 264]);
      const title = await page.getByRole('heading', { level: 1, name: 'Caravanserai' }).boundingBox();
      const image = await logo(page).boundingBox();
      expect(image && title && image.y + image.height <= title.y).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, 'home-logo-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
