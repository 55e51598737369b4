import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { shoot } from '../support/screenshots.js';

test.use({ appOptions: { user: 'rahila', well: true } });
test.describe.configure({ mode: 'serial' });

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
/** Oldest first, so the newest ends up at the top of every list. */
const TITLES = ['Saffron ledger', 'Camel routes of Merv', 'Silk prices in Kashgar', 'Lapis from Badakhshan'];
const newestFirst = [...TITLES].reverse();

const panel = (page: Page) => page.getByRole('navigation', { name: 'Recent logbooks' });
const drawer = (page: Page) => page.getByRole('navigation', { name: 'Main navigation', exact: true });
const recentList = (within: Locator) => within.getByRole('list', { name: 'Recent logbooks' });
const panelToggle = (page: Page) => page.getByRole('button', { name: 'Toggle recent logbooks' });
const titlesIn = (list: Locator) => list.getByRole('link').allInnerTexts();
const logids = new Map<string, string>();

async function rightEdge(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not rendered.');
  return box.x + box.width;
}

/** Waits for the switcher's opening transition to end, so screenshots show it as people see it. */
async function settled(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
}

async function setTheme(page: Page, scheme: 'light' | 'dark') {
  const now = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  if (now !== scheme) await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
  await page.mouse.move(640, 10);
}

test.describe('recent logbooks', () => {
  // Logbooks in a known order.
  test.beforeAll(async ({ owner: user }) => {
    for (const title of TITLES) {
      const logbook = await user.client.logbooks.create({ title, logwell: user.wellid });
      logids.set(title, logbook.logid);
      // Distinct modification times, so the order is the creation order.
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  });

  test('lists them beside the page on a wide screen, newest first, the open one marked', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    await page.setViewportSize(DESKTOP);
    const saffron = logids.get('Saffron ledger') ?? '';
    await page.goto(`${app.origin}/logbooks/${saffron}`);
    const list = recentList(panel(page));
    await list.getByRole('link').first().waitFor();
    expect(await titlesIn(list)).toEqual(newestFirst);
    const current = list.locator('a[aria-current="page"]');
    expect(await current.allInnerTexts()).toEqual(['Saffron ledger']);
    expect(await panelToggle(page).getAttribute('aria-expanded')).toBe('true');

    // The page sits beside the panel, not under it.
    const main = await page.getByRole('main').boundingBox();
    expect(main?.x ?? 0).toBeGreaterThanOrEqual(await rightEdge(page.locator('#main-navigation')));
    await page.getByRole('textbox', { name: 'Scribe' }).waitFor();
    await shoot(page, 'recent-panel-light');
    await setTheme(page, 'dark');
    await shoot(page, 'recent-panel-dark');
    await setTheme(page, 'light');

    await list.getByRole('link', { name: 'Silk prices in Kashgar' }).click();
    await page.waitForURL(`${app.origin}/logbooks/${logids.get('Silk prices in Kashgar')}`);
    await expect.poll(() => current.allInnerTexts()).toEqual(['Silk prices in Kashgar']);
  });

  test('keeps the header on one line from the panel’s breakpoint up', async ({ tab }) => {
    const { page } = tab;
    const header = page.getByRole('banner');
    for (const width of [1200, 1440]) {
      await page.setViewportSize({ width, height: DESKTOP.height });
      for (const name of ['New Logbook', 'Toggle recent logbooks', 'Logout']) {
        const box = await header.getByRole(name === 'Logout' ? 'link' : 'button', { name }).boundingBox();
        expect(box, `${name} at ${width}`).not.toBeNull();
        expect(box!.y + box!.height, `${name} at ${width}`).toBeLessThanOrEqual(60);
        expect(box!.x + box!.width, `${name} at ${width}`).toBeLessThanOrEqual(width);
      }
      await shoot(page, `recent-panel-${width}-light`);
    }
    await page.setViewportSize(DESKTOP);
  });

  test('filters by part of a title', async ({ tab }) => {
    const { page } = tab;
    const list = recentList(panel(page));
    const filter = panel(page).getByRole('searchbox', { name: 'Filter logbooks' });
    await filter.fill('KASH');
    await expect.poll(() => titlesIn(list)).toEqual(['Silk prices in Kashgar']);
    await filter.fill('RO');
    await expect
      .poll(() => titlesIn(list))
      .toEqual(['Lapis from Badakhshan', 'Camel routes of Merv', 'Saffron ledger']);
    await filter.fill('nothing like it');
    await panel(page).getByText('No logbook title matches.').waitFor();
    await filter.fill('');
    await expect.poll(() => titlesIn(list)).toEqual(newestFirst);
  });

  test('collapses, and stays collapsed after a reload', async ({ tab }) => {
    const { page } = tab;
    await panelToggle(page).click();
    await page.locator('button[aria-label="Toggle recent logbooks"][aria-expanded="false"]').waitFor();
    await expect.poll(() => rightEdge(page.locator('#main-navigation'))).toBeLessThanOrEqual(0);
    expect((await page.getByRole('main').boundingBox())?.x).toBe(0);

    await page.reload();
    await page.getByRole('textbox', { name: 'Scribe' }).waitFor();
    expect(await panelToggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await rightEdge(page.locator('#main-navigation'))).toBeLessThanOrEqual(0);
    // Hidden, its links are out of the Tab order.
    expect(await page.locator('#main-navigation').evaluate((element) => element.hasAttribute('inert'))).toBe(
      true,
    );

    await panelToggle(page).click();
    await recentList(panel(page)).getByRole('link').first().waitFor();
    await expect.poll(() => rightEdge(page.locator('#main-navigation'))).toBe(280);
  });

  test('opens the same list from the menu button on a phone', async ({ app, tab }) => {
    const { page } = tab;
    await page.setViewportSize(PHONE);
    await page.goto(`${app.origin}/about/`);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const list = recentList(drawer(page));
    await list.getByRole('link').first().waitFor();
    expect(await titlesIn(list)).toEqual(newestFirst);
    await expect.poll(() => rightEdge(page.locator('#main-navigation'))).toBe(PHONE.width);
    await shoot(page, 'recent-drawer-390-light');

    await list.getByRole('link', { name: 'Camel routes of Merv' }).click();
    await page.waitForURL(`${app.origin}/logbooks/${logids.get('Camel routes of Merv')}`);
    await page.locator('button[aria-label="Toggle navigation"][aria-expanded="false"]').waitFor();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect
      .poll(() => list.locator('a[aria-current="page"]').allInnerTexts())
      .toEqual(['Camel routes of Merv']);
    await setTheme(page, 'dark');
    await shoot(page, 'recent-drawer-390-dark');
    await setTheme(page, 'light');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
  });
});

test.describe('quick switcher', () => {
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Open a logbook' });

  test('opens on Ctrl+K as a dialog with a listbox, and Enter opens the logbook typed', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/journals/`);
    await page.getByRole('banner').getByRole('button', { name: 'New Logbook' }).waitFor();
    await page.keyboard.press('Control+K');
    const box = dialog(page).getByRole('combobox', { name: 'Logbook title' });
    await box.waitFor();
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    const options = dialog(page).getByRole('listbox', { name: 'Logbooks' }).getByRole('option');
    await expect.poll(() => options.count()).toBe(TITLES.length);
    await settled(dialog(page));
    await shoot(page, 'switcher-light');

    await page.keyboard.type('lapis bad');
    await expect.poll(() => options.count()).toBe(1);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.origin}/logbooks/${logids.get('Lapis from Badakhshan')}`);
    await dialog(page).waitFor({ state: 'detached' });
  });

  test('moves with the arrows and closes on Escape', async ({ tab }) => {
    const { page } = tab;
    await page.keyboard.press('Control+K');
    const box = dialog(page).getByRole('combobox', { name: 'Logbook title' });
    await box.waitFor();
    expect(await box.inputValue()).toBe('');
    await page.keyboard.type('a');
    await page.keyboard.press('ArrowDown');
    const selected = dialog(page).locator('[role="option"][aria-selected="true"]');
    expect(await selected.innerText()).toContain(newestFirst[1]);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/logbooks/${logids.get('Lapis from Badakhshan')}`);
  });

  test('looks right dark and on a phone', async ({ tab }) => {
    const { page } = tab;
    await setTheme(page, 'dark');
    await page.keyboard.press('Control+K');
    await expect(dialog(page).getByRole('option').first()).toBeVisible();
    await settled(dialog(page));
    await shoot(page, 'switcher-dark');
    await page.keyboard.press('Escape');
    await setTheme(page, 'light');
    await page.setViewportSize(PHONE);
    await page.keyboard.press('Control+K');
    await page.keyboard.type('s');
    await expect(dialog(page).getByRole('option').first()).toBeVisible();
    await settled(dialog(page));
    await shoot(page, 'switcher-390-light');
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP);
  });
});

test.describe('home page', () => {
  test('shows the signed-in user’s recent logbooks above the public content', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/`);
    const main = page.getByRole('main');
    const recent = main.getByRole('region', { name: 'Your recent logbooks' });
    await recent.getByRole('link').first().waitFor();
    const shown = await recent.getByRole('listitem').getByRole('link').allInnerTexts();
    expect(shown.map((text) => text.split('\n')[0])).toEqual(newestFirst);
    const recentTop = (await recent.boundingBox())?.y ?? 0;
    const heroTop =
      (await main.getByRole('heading', { level: 1, name: 'Caravanserai' }).boundingBox())?.y ?? 0;
    expect(recentTop).toBeLessThan(heroTop);
    await shoot(page, 'home-recent-light');
    await recent.getByRole('link', { name: /Camel routes of Merv/ }).click();
    await page.waitForURL(`${app.origin}/logbooks/${logids.get('Camel routes of Merv')}`);
  });

  test('stays as it was for a visitor, with no panel and no switcher', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logout/`);
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.origin}/`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Caravanserai' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await main.getByRole('region', { name: 'Your recent logbooks' }).count()).toBe(0);
    expect(await panelToggle(page).count()).toBe(0);
    expect(await rightEdge(page.locator('#main-navigation'))).toBeLessThanOrEqual(0);
    await page.keyboard.press('Control+K');
    await page.waitForTimeout(200);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
