import type { ApiClient } from '@caravanserai/api';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { shoot } from '../support/screenshots.js';

test.use({ appOptions: { user: 'cartographer' } });
test.describe.configure({ mode: 'serial' });

const mapper = (page: Page) => page.getByRole('application', { name: 'Mapper terminal' });
const rowTexts = (page: Page) =>
  page.locator('.xterm-rows > div').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));

async function openMapper(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/shell/`);
  await mapper(page).waitFor();
  await expect
    .poll(async () => (await rowTexts(page)).some((row) => row.includes('@mapper$')), { timeout: 10_000 })
    .toBe(true);
  await page.locator('.xterm').click();
}

/**
 * xterm's own grid, read from what it draws rather than from the profile: it draws one element
 * per row, and a line longer than the grid wraps after exactly `cols` characters.
 */
async function drawnGrid(page: Page): Promise<{ cols: number; rows: number }> {
  await page.keyboard.type(`echo ${'x'.repeat(160)}`);
  await page.keyboard.press('Enter');
  const xRow = /^x+\s*$/;
  let rows: string[] = [];
  // Done once the output is drawn and a fresh prompt follows it.
  await expect
    .poll(
      async () => {
        rows = await rowTexts(page);
        const filled = rows.filter((row) => row.trim() !== '');
        const last = filled.at(-1) ?? '';
        return filled.some((row) => xRow.test(row)) && last.trimEnd().endsWith('@mapper$');
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  await page.keyboard.press('Control+L');
  const widest = Math.max(...rows.filter((row) => xRow.test(row)).map((row) => row.trimEnd().length));
  return { cols: widest, rows: rows.length };
}

async function setProfile(client: ApiClient, change: { cols?: number; rows?: number }): Promise<void> {
  const [profile] = await client.mapperProfiles.list();
  if (!profile) throw new Error('The terminal page creates the profile on the first visit.');
  await client.mapperProfiles.update(profile.id, change);
}

test.describe('the terminal takes its size from the mapper profile', () => {
  test('is 80 columns by 24 rows by default, and hugs that width', async ({ app, tab }) => {
    const { page } = tab;
    await openMapper(page, app.origin);
    expect(await drawnGrid(page)).toEqual({ cols: 80, rows: 24 });
    expect(await mapper(page).getAttribute('data-cols')).toBe('80');
    // The box is as wide as the grid (plus its padding and the scrollbar's strip), not the page.
    const box = await mapper(page).boundingBox();
    const screen = await page.locator('.xterm-screen').boundingBox();
    expect(box && screen && box.width - screen.width).toBeLessThanOrEqual(8 + 14 + 8 + 1);
  });

  test('follows cols and rows changed through the API', async ({ app, tab, user }) => {
    const { page } = tab;
    await setProfile(user.client, { cols: 60, rows: 12 });
    await openMapper(page, app.origin);
    expect(await drawnGrid(page)).toEqual({ cols: 60, rows: 12 });
    await setProfile(user.client, { cols: 100, rows: 24 });
    await openMapper(page, app.origin);
    expect(await drawnGrid(page)).toEqual({ cols: 100, rows: 24 });
  });

  test('keeps more columns than fit within the page, never wider than it', async ({ app, tab, user }) => {
    const { page } = tab;
    await setProfile(user.client, { cols: 300 });
    await openMapper(page, app.origin);
    const { cols } = await drawnGrid(page);
    expect(cols).toBeLessThan(300);
    expect(cols).toBeGreaterThan(80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await setProfile(user.client, { cols: 80 });
  });

  test('fits a 390 px phone: fewer columns, nothing to scroll sideways, commands still work', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openMapper(page, app.origin);
      const { cols } = await drawnGrid(page);
      expect(cols).toBeGreaterThanOrEqual(30);
      expect(cols).toBeLessThan(80);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const box = await mapper(page).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

      // The profile still says 80: only what is drawn is narrower.
      await page.keyboard.type('mapper status');
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => (await rowTexts(page)).some((row) => row.startsWith('cols: 80')), {
          timeout: 10_000,
        })
        .toBe(true);
      await shoot(page, 'terminal-390');

      // Turned sideways, the phone has room for the profile's 80 again.
      await page.setViewportSize({ width: 844, height: 390 });
      await expect.poll(() => mapper(page).getAttribute('data-cols')).toBe('80');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
