import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { recordForeignRequests } from '../support/stripe-js.js';

/** Payments off (the default): nothing of Stripe reaches the browser. */
test.use({ appOptions: { user: 'rustam' } });
test.describe.configure({ mode: 'serial' });

let foreign: string[] = [];
test.beforeAll(({ tab, app }) => {
  foreign = recordForeignRequests(tab.page, app.origin);
});

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true });
const h1 = (page: Page, name: string) => heading(page, name).waitFor();

test.describe('payments off', () => {
  test('says on the tiers page that the paid tiers cannot be bought yet', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/subscribe/`);
    await h1(page, 'Subscription Tiers');
    await expect(
      main(page).getByText('Payments are not switched on in this build', { exact: false }),
    ).toBeVisible();
  });

  test('sends the payments pages home, signed in too', async ({ app, tab, user }) => {
    const { page } = tab;
    for (const path of [
      '/subscribe/merchant/',
      '/subscribe/sultan/',
      `/payments/methods/${user.username}`,
      '/payments/subscribe/change/',
    ]) {
      await page.goto(`${app.origin}${path}`);
      await page.waitForURL(`${app.origin}/`);
      await expect(heading(page, 'Caravanserai')).toBeVisible();
    }
  });

  test('keeps the manage pages to the e-mail way, without a Cancel at period end button', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    for (const [path, heading] of [
      ['/merchants/manage/sub_M123/', 'Merchant Subscription'],
      ['/sultans/manage/sub_S456/', 'Sultan Subscription'],
    ] as const) {
      await page.goto(`${app.origin}${path}`);
      await h1(page, heading);
      await main(page)
        .getByText('Email us if you want to cancel with your username and subscription ID', { exact: true })
        .waitFor();
      await main(page).getByRole('link', { name: 'Cancel Subscription', exact: true }).waitFor();
      expect(await main(page).getByRole('button', { name: 'Cancel at period end' }).count()).toBe(0);
    }
  });

  test('never loads Stripe.js, and the page may reach no third party', async ({ app, tab, user }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/u/${user.username}`);
    await h1(page, `u/${user.username}`);
    expect(foreign).toEqual([]);
    expect(await page.evaluate(() => typeof (window as { Stripe?: unknown }).Stripe)).toBe('undefined');
    const csp = (await fetch(`${app.origin}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('stripe');
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
