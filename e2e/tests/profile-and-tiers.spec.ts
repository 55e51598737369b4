import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { signUpAndLogIn, storedToken, uniqueName } from '../support/flows.js';
import { shootBothThemes } from '../support/screenshots.js';

test.use({ appOptions: {} });
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true });
const h1 = (page: Page, name: string) => heading(page, name).waitFor();

const CONTROLS = ['View Subscription Tiers', 'Manage Payment Method', 'Manage Subscriptions'];

/** How many of the owner's three controls the page shows. */
async function controlCount(page: Page): Promise<number> {
  let count = 0;
  for (const name of CONTROLS) count += await main(page).getByRole('link', { name, exact: true }).count();
  return count;
}

/** Loads `path` and waits until the app has sent the browser home. */
async function expectRedirectHome(page: Page, origin: string, path: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  await page.waitForURL(`${origin}/`);
  await h1(page, 'Caravanserai');
}

test.describe('profile and tiers, signed out', () => {
  test('shows another user’s profile with its badges and no controls', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/u/caravanserai`);
    await h1(page, 'u/caravanserai');
    await main(page).getByText('Sultan', { exact: true }).waitFor();
    await main(page).getByText('The Silk Road', { exact: true }).waitFor();
    expect(await controlCount(page)).toBe(0);
  });

  test('says User Not Found for an unknown user', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/u/${uniqueName('ghost')}`);
    await h1(page, 'User Not Found');
    expect(await controlCount(page)).toBe(0);
  });

  test('disables the shell until login, with a link to /login/', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/shell/`);
    await main(page).getByText('Mapper is disabled until you LOGIN', { exact: true }).waitFor();
    const login = main(page).getByRole('link', { name: 'LOGIN', exact: true });
    expect(await login.getAttribute('href')).toBe('/login/');
    await login.click();
    await page.waitForURL(`${app.origin}/login/`);
  });
});

test.describe('subscription tiers', () => {
  const TIERS = [
    {
      role: 'Pilgrim',
      monthly: '$0',
      annual: '$0',
      features: "Mapper's Terminal Package and Web Shell with unlimited logbooks, journals and wells",
      href: null,
    },
    {
      role: 'Merchant',
      monthly: '$120',
      annual: '$1200',
      features: 'Everything in Pilgrim, plus early access to Mapper versions',
      href: '/subscribe/merchant/',
    },
    {
      role: 'Sultan',
      monthly: '$10,000',
      annual: '$100,000',
      features: 'Everything in Merchant, plus a Caravan Dashboard (in development)',
      href: '/subscribe/sultan/',
    },
  ];

  test('shows the three tiers in tables with the spec’s columns and prices', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/subscribe/`);
    await h1(page, 'Subscription Tiers');
    const tables = main(page).getByRole('table');
    expect(await tables.count()).toBe(3);
    for (const [i, tier] of TIERS.entries()) {
      const table = tables.nth(i);
      expect(await table.getAttribute('aria-label')).toBe(`${tier.role} tier`);
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
        'Role',
        '$/Month',
        '$/Annual',
        'Features',
      ]);
      const cells = (await table.getByRole('cell').allInnerTexts()).map((text) => text.trim());
      expect(cells).toEqual([tier.role, tier.monthly, tier.annual, tier.features]);
      const badgeLink = table.getByRole('link', { name: tier.role, exact: true });
      if (tier.href) expect(await badgeLink.getAttribute('href')).toBe(tier.href);
      else expect(await badgeLink.count()).toBe(0);
    }
    await shootBothThemes(page, 'subscribe');
  });

  test('sends the Merchant and Sultan badges home while payments are off', async ({ app, tab }) => {
    const { page } = tab;
    for (const role of ['Merchant', 'Sultan']) {
      await page.goto(`${app.origin}/subscribe/`);
      await main(page)
        .getByRole('table', { name: `${role} tier` })
        .getByRole('link', { name: role })
        .click();
      await page.waitForURL(`${app.origin}/`);
      await expect(heading(page, 'Caravanserai')).toBeVisible();
    }
  });

  test('redirects every other /subscribe/... and /payments/... path home', async ({ app, tab }) => {
    const { page } = tab;
    for (const path of [
      '/subscribe/merchant/',
      '/subscribe/sultan/',
      '/subscribe/anything',
      '/subscribe/merchant/extra/',
      '/payments/',
      '/payments/methods/someone',
      '/payments/subscribe/change/',
      '/payments/whatever/deep/path',
    ]) {
      await expectRedirectHome(page, app.origin, path);
    }
    await page.goto(`${app.origin}/subscribe/`);
    await h1(page, 'Subscription Tiers');
    expect(page.url()).toBe(`${app.origin}/subscribe/`);
  });
});

test.describe('own profile, signed in', () => {
  let username = '';

  test('shows u/{username}, the Pilgrim badge, the location badge and the three controls', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    username = await signUpAndLogIn(page, app.origin, 'layla');
    await page.goto(`${app.origin}/u/${username}`);
    await h1(page, `u/${username}`);
    await main(page).getByText('Pilgrim', { exact: true }).waitFor();
    await main(page).getByText('No location', { exact: true }).waitFor();

    await app.server.client(await storedToken(page)).auth.updateUser({ location: 'Bukhara' });
    await page.reload();
    await h1(page, `u/${username}`);
    await main(page).getByText('Bukhara', { exact: true }).waitFor();
    expect(await main(page).getByText('No location').count()).toBe(0);
    expect(await page.title()).toBe(`u/${username} · Caravanserai`);

    const hrefs = ['/subscribe/', `/payments/methods/${username}`, '/payments/subscribe/change/'];
    for (const [i, name] of CONTROLS.entries()) {
      expect(await main(page).getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(
        hrefs[i],
      );
    }
    await shootBothThemes(page, 'profile-own');
  });

  test('leads View Subscription Tiers to /subscribe/ and the payment controls home', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/u/${username}`);
    await main(page).getByRole('link', { name: 'View Subscription Tiers', exact: true }).click();
    await page.waitForURL(`${app.origin}/subscribe/`);
    await expect(heading(page, 'Subscription Tiers')).toBeVisible();

    for (const name of ['Manage Payment Method', 'Manage Subscriptions']) {
      await page.goto(`${app.origin}/u/${username}`);
      await main(page).getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${app.origin}/`);
      await expect(heading(page, 'Caravanserai')).toBeVisible();
    }
  });

  test('shows no controls on another user’s profile', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/u/caravanserai`);
    await h1(page, 'u/caravanserai');
    await main(page).getByText('Sultan', { exact: true }).waitFor();
    expect(await controlCount(page)).toBe(0);
  });

  test('shows no controls to a signed-out visitor of that profile', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/u/${username}`);
    await h1(page, `u/${username}`);
    expect(await controlCount(page)).toBe(3);
    // Log out inside the app, then come back through history: nothing cached may show the controls.
    await page.getByRole('banner').getByRole('link', { name: 'Logout', exact: true }).click();
    await page.waitForURL(`${app.origin}/logout/`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.origin}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
    await page.goBack();
    await page.waitForURL(`${app.origin}/logout/`);
    await page.goBack();
    await page.waitForURL(`${app.origin}/u/${username}`);
    await h1(page, `u/${username}`);
    await main(page).getByText('Bukhara', { exact: true }).waitFor();
    expect(await controlCount(page)).toBe(0);

    await page.goto(`${app.origin}/u/${username}`);
    await h1(page, `u/${username}`);
    await main(page).getByText('Pilgrim', { exact: true }).waitFor();
    expect(await controlCount(page)).toBe(0);
  });
});

test.describe('profile and tiers', () => {
  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
