import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Screenshots land in the git-ignored .artifacts/screenshots, for people to look at. */
export const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', '.artifacts', 'screenshots');

export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** One screenshot in light and one in dark, switching with the page's own theme toggle. */
export async function shootBothThemes(page: Page, name: string): Promise<void> {
  const dark = await page.evaluate(
    () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
  );
  await shoot(page, `${name}-${dark ? 'dark' : 'light'}`);
  await toggleTheme(page);
  await shoot(page, `${name}-${dark ? 'light' : 'dark'}`);
  await toggleTheme(page);
}

/** Switches the theme with the page's toggle, checking the page did switch before the next picture. */
async function toggleTheme(page: Page): Promise<void> {
  const html = page.locator('html');
  const dark = (await html.getAttribute('data-mantine-color-scheme')) === 'dark';
  await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', dark ? 'light' : 'dark');
  // Move away so the toggle's tooltip is not in the picture.
  await page.mouse.move(0, 400);
  await page
    .getByRole('tooltip')
    .waitFor({ state: 'detached' })
    .catch(() => {});
}
