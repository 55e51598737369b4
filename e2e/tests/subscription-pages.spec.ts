import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { signUpAndLogIn } from '../support/flows.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';

/** Not the default address: the pages must show the server's SUPPORT_EMAIL, whatever it is. */
const SUPPORT = 'help@caravans.example';
const CANCEL_TEXT = 'Email us if you want to cancel with your username and subscription ID';

test.use({ appOptions: { config: { supportEmail: SUPPORT } } });
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true });
const h1 = (page: Page, name: string) => heading(page, name).waitFor();

const PAGES = [
  { path: '/merchants/manage/sub_M123/', id: 'sub_M123', tier: 'Merchant', heading: 'Merchant Subscription' },
  { path: '/sultans/manage/sub_S456/', id: 'sub_S456', tier: 'Sultan', heading: 'Sultan Subscription' },
  {
    path: '/merchants/cancel/sub_M123/',
    id: 'sub_M123',
    tier: 'Merchant',
    heading: 'Cancel Merchant Subscription',
  },
  {
    path: '/sultans/cancel/sub_S456/',
    id: 'sub_S456',
    tier: 'Sultan',
    heading: 'Cancel Sultan Subscription',
  },
] as const;

/** The page's subscription ID, its cancel-by-e-mail text and the support address as a mail link. */
async function expectContact(page: Page, tier: string, id: string): Promise<void> {
  await main(page).getByText(`This ${tier} Subscription ID`, { exact: true }).waitFor();
  await main(page).getByText(id, { exact: true }).waitFor();
  await main(page).getByText(CANCEL_TEXT, { exact: true }).waitFor();
  const email = main(page).getByRole('link', { name: SUPPORT, exact: true });
  expect(await email.getAttribute('href')).toBe(`mailto:${SUPPORT}`);
}

test.describe('subscription manage and cancel pages, payments off', () => {
  test('show the ID from the address, how to cancel and the support e-mail, signed out', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    for (const { path, id, tier, heading } of PAGES) {
      await page.goto(`${app.origin}${path}`);
      await h1(page, heading);
      expect(page.url()).toBe(`${app.origin}${path}`);
      expect(await page.title()).toBe(`${heading} · Caravanserai`);
      await expectContact(page, tier, id);
      // Nothing to quote but the ID while signed out.
      expect(await main(page).getByText('Your username', { exact: true }).count()).toBe(0);
      // The subscriptions list exists only with payments on: its crumb is not a dead link.
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await crumbs.getByText('User Subscriptions', { exact: true }).waitFor();
      expect(await crumbs.getByRole('link', { name: 'User Subscriptions' }).count()).toBe(0);
    }
  });

  test('reach the pages without the trailing slash too', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/sultans/manage/sub_S456`);
    await h1(page, 'Sultan Subscription');
    await expect(main(page).getByText('This Sultan Subscription ID', { exact: true })).toBeVisible();
  });

  test('lead from a manage page to its cancel page and back', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/merchants/manage/sub_M123/`);
    await main(page).getByRole('link', { name: 'Cancel Subscription', exact: true }).click();
    await page.waitForURL(`${app.origin}/merchants/cancel/sub_M123/`);
    await expect(heading(page, 'Cancel Merchant Subscription')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Merchant Subscription', exact: true })
      .click();
    await page.waitForURL(`${app.origin}/merchants/manage/sub_M123/`);
    await expect(heading(page, 'Merchant Subscription')).toBeVisible();
  });

  test("give the Sultan cancel page's Create Logbook and Settings somewhere to go", async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/sultans/cancel/sub_S456/`);
    await h1(page, 'Cancel Sultan Subscription');
    const create = main(page).getByRole('link', { name: 'Create Logbook', exact: true });
    expect(await create.getAttribute('href')).toBe('/logbooks/create/');
    // Signed out there is no profile of one's own: Settings asks to log in.
    expect(await main(page).getByRole('link', { name: 'Settings', exact: true }).getAttribute('href')).toBe(
      '/login/',
    );
    // The Merchant cancel page has neither.
    await page.goto(`${app.origin}/merchants/cancel/sub_M123/`);
    await h1(page, 'Cancel Merchant Subscription');
    expect(await main(page).getByRole('link', { name: 'Create Logbook' }).count()).toBe(0);
    expect(await main(page).getByRole('link', { name: 'Settings' }).count()).toBe(0);
  });

  test('show the signed-in username to quote, and Settings opens the profile', async ({ app, tab }) => {
    const { page } = tab;
    const username = await signUpAndLogIn(page, app.origin, 'sultana');
    await page.goto(`${app.origin}/sultans/cancel/sub_S456/`);
    await h1(page, 'Cancel Sultan Subscription');
    await expectContact(page, 'Sultan', 'sub_S456');
    await main(page).getByText('Your username', { exact: true }).waitFor();
    await main(page).getByText(username, { exact: true }).waitFor();
    await main(page).getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL(`${app.origin}/u/${username}`);
    await h1(page, `u/${username}`);

    await page.goto(`${app.origin}/sultans/cancel/sub_S456/`);
    await main(page).getByRole('link', { name: 'Create Logbook', exact: true }).click();
    await page.waitForURL(`${app.origin}/logbooks/create/`);
  });

  test('look right in light and dark, and on a 390 px phone', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/sultans/manage/sub_S456/`);
    await h1(page, 'Sultan Subscription');
    await shootBothThemes(page, 'subscription-manage');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${app.origin}/sultans/cancel/sub_1OtZq2LkdIwHu7ix8Kc1abcd/`);
      await h1(page, 'Cancel Sultan Subscription');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(page, 'subscription-cancel-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});

test.describe('the About page', () => {
  test("shows the server's support e-mail in its contact line", async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/about/`);
    await h1(page, 'About Caravanserai');
    const contact = main(page).getByText('Questions, bugs or ideas? Write to us at', { exact: false });
    expect(await contact.textContent()).toBe(
      `Questions, bugs or ideas? Write to us at ${SUPPORT}. To cancel a subscription, e-mail us with your username and subscription ID.`,
    );
    expect(await contact.getByRole('link', { name: SUPPORT }).getAttribute('href')).toBe(`mailto:${SUPPORT}`);
  });
});

test.describe('subscription pages', () => {
  test('log no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
