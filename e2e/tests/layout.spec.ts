import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { logIn, signUp, uniqueName } from '../support/flows.js';
import { shoot } from '../support/screenshots.js';

test.use({ appOptions: {} });
test.describe.configure({ mode: 'serial' });

/** The top navigation, in the specified order, with the route each link leads to. */
const NAV = [
  { label: 'Shell', path: '/shell/' },
  { label: 'Logbooks', path: '/logbooks/' },
  { label: 'Journals', path: '/journals/' },
  { label: 'Wells', path: '/wells/' },
  { label: 'Bazaar', path: '/bazaar/' },
  { label: 'Download', path: '/download/' },
  { label: 'About', path: '/about/' },
  { label: 'FAQ', path: '/faq' },
  { label: 'Examples', path: '/examples' },
];

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

const topNav = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });
const drawer = (page: Page) => page.getByRole('navigation', { name: 'Main navigation', exact: true });
const header = (page: Page) => page.getByRole('banner');
const burger = (page: Page) => page.getByRole('button', { name: 'Toggle navigation' });

/** Where the drawer's right edge is: at or left of 0 it has slid off screen. */
async function drawerRight(page: Page): Promise<number> {
  const box = await page.locator('#main-navigation').boundingBox();
  if (!box) throw new Error('The navigation drawer is not rendered.');
  return box.x + box.width;
}
const drawerClosed = async (page: Page) => {
  await page.locator('button[aria-expanded="false"][aria-label="Toggle navigation"]').waitFor();
  await expect.poll(() => drawerRight(page)).toBeLessThanOrEqual(0);
};
const drawerOpen = async (page: Page) => {
  await page.locator('button[aria-expanded="true"][aria-label="Toggle navigation"]').waitFor();
  await expect.poll(() => drawerRight(page)).toBeGreaterThan(200);
};

/** Presses Tab until the focused element's text is `text`; fails after `max` presses. */
async function tabTo(page: Page, text: string, max = 30): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === text) return;
  }
  throw new Error(`Tab never reached '${text}' in ${max} presses.`);
}

test.describe('layout on a wide screen', () => {
  test('shows the top navigation links in the spec’s order, each going to its route', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${app.origin}/`);
    const nav = topNav(page);
    await nav.getByRole('link').first().waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(NAV.map((item) => item.label));

    for (const item of NAV) {
      await nav.getByRole('link', { name: item.label, exact: true }).click();
      await page.waitForURL(`${app.origin}${item.path}`);
      await nav.locator('a[aria-current="page"]').filter({ hasText: item.label }).waitFor();
      expect(await nav.locator('a[aria-current="page"]').count()).toBe(1);
    }
  });

  test('shows Login and Signup on the right when signed out', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/about/`);
    const login = header(page).getByRole('link', { name: 'Login', exact: true });
    const signup = header(page).getByRole('link', { name: 'Signup', exact: true });
    await login.waitFor();
    expect(await login.getAttribute('href')).toBe('/login/');
    expect(await signup.getAttribute('href')).toBe('/signup/');
    expect(await header(page).getByRole('link', { name: 'Logout' }).count()).toBe(0);
    await signup.click();
    await page.waitForURL(`${app.origin}/signup/`);
    await header(page).getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${app.origin}/login/`);
  });

  test('shows the copyright and the location in the footer', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/`);
    const footer = page.locator('footer');
    await footer.getByText(`© ${new Date().getFullYear()} Caravanserai`, { exact: true }).waitFor();
    await footer.getByText('Samarkand · on the Silk Road', { exact: false }).waitFor();
    expect(await footer.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about/');
  });

  test('shows the not-found page, with a way home, for an unknown path', async ({ app, tab }) => {
    const { page } = tab;
    const response = await page.goto(`${app.origin}/no/such/${uniqueName('place')}`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Nothing here' }).waitFor();
    await main
      .getByText('This address does not lead anywhere in the caravanserai.', { exact: true })
      .waitFor();
    await main.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${app.origin}/`);
    await main.getByRole('heading', { level: 1, name: 'Caravanserai' }).waitFor();
  });

  test('loads deep links directly (history fallback)', async ({ app, tab }) => {
    const { page } = tab;
    const deep = async (path: string, heading: string) => {
      const response = await page.goto(`${app.origin}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['content-type'], path).toMatch(/^text\/html/);
      await page.getByRole('main').getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    };
    await deep('/journals/list/', 'Your Journals');
    await deep('/u/caravanserai', 'u/caravanserai');
    await deep(`/u/${uniqueName('someone')}`, 'User Not Found');
    await deep('/logbooks/example-first-journey', 'First Journey: context, queries and answers');
    await deep('/FAQ', 'Frequently Asked Questions');
  });

  test('shows the user link and Logout on the right when signed in', async ({ app, tab }) => {
    const { page } = tab;
    const username = uniqueName('zubair');
    await signUp(page, app.origin, username);
    await logIn(page, app.origin, username);
    const userLink = header(page).getByRole('link', { name: username, exact: true });
    await userLink.waitFor();
    expect(await userLink.getAttribute('href')).toBe(`/u/${username}`);
    expect(await header(page).getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    expect(await header(page).getByRole('link', { name: 'Signup', exact: true }).count()).toBe(0);
    await userLink.click();
    await page.waitForURL(`${app.origin}/u/${username}`);
    await page
      .getByRole('main')
      .getByRole('heading', { level: 1, name: `u/${username}` })
      .waitFor();
    await header(page).getByRole('link', { name: 'Logout', exact: true }).click();
    await page.waitForURL(`${app.origin}/logout/`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.origin}/`);
    await header(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
  });
});

test.describe('layout at 390 px', () => {
  test('hides the top navigation behind a burger that opens a drawer with the same links', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    await page.setViewportSize(PHONE);
    await page.goto(`${app.origin}/about/`);
    await burger(page).waitFor();
    expect(await topNav(page).count()).toBe(0);
    await drawerClosed(page);

    await burger(page).click();
    await drawerOpen(page);
    const links = drawer(page).getByRole('link');
    expect(await links.allInnerTexts()).toEqual([...NAV.map((item) => item.label), 'Login', 'Signup']);
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
      ...NAV.map((item) => item.path),
      '/login/',
      '/signup/',
    ]);
    await shoot(page, 'layout-drawer-390-light');

    await drawer(page).getByRole('link', { name: 'Examples', exact: true }).click();
    await page.waitForURL(`${app.origin}/examples`);
    await drawerClosed(page);
  });

  test('opens the drawer and follows each of its links by keyboard', async ({ app, tab }) => {
    const { page } = tab;
    await page.setViewportSize(PHONE);
    for (const item of NAV) {
      await page.goto(`${app.origin}/`);
      await burger(page).focus();
      await page.keyboard.press('Enter');
      await drawerOpen(page);
      await tabTo(page, item.label);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${app.origin}${item.path}`);
      await drawerClosed(page);
    }
  });

  test('keeps a closed drawer’s links out of the Tab order', async ({ app, tab }) => {
    const { page } = tab;
    await page.setViewportSize(PHONE);
    await page.goto(`${app.origin}/about/`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'About Caravanserai' }).waitFor();
    await burger(page).focus();
    const inDrawer: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest('#main-navigation') ? (active.textContent ?? '') : null;
      });
      if (focused !== null) inDrawer.push(focused);
    }
    expect(inDrawer).toEqual([]);
  });

  test('has no horizontal overflow on any public page', async ({ app, tab }) => {
    const { page } = tab;
    await page.setViewportSize(PHONE);
    const pages = [
      { path: '/', heading: 'Caravanserai' },
      { path: '/faq', heading: 'Frequently Asked Questions' },
      { path: '/subscribe/', heading: 'Subscription Tiers' },
      { path: '/examples', heading: 'Public Logbook Examples Page' },
      { path: '/download/', heading: 'Download Mapper' },
      { path: '/about/', heading: 'About Caravanserai' },
    ];
    for (const { path, heading } of pages) {
      await page.goto(`${app.origin}${path}`);
      await page.getByRole('main').getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

test.describe('layout', () => {
  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
