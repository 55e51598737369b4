import type { ApiClient, PaymentSource } from '@caravanserai/api';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { type StripeJsRequests, serveStripeJs } from '../support/stripe-js.js';

test.use({ appOptions: { user: 'karim', payments: true } });
test.describe.configure({ mode: 'serial' });

let stripeJs: StripeJsRequests;
test.beforeAll(async ({ tab }) => {
  stripeJs = await serveStripeJs(tab.page);
});

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true }).waitFor();

const methodsPath = (username: string) => `/payments/methods/${username}`;

async function openMethods(page: Page, origin: string, username: string): Promise<void> {
  await page.goto(`${origin}${methodsPath(username)}`);
  await h1(page, 'Payment Method');
}

/** A saved card's block, found by its name ('Visa ending in 4242'). */
const cardBlock = (page: Page, name: string): Locator =>
  main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });

const expiry = (card: PaymentSource) => `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

async function expectCard(page: Page, name: string, card: PaymentSource, active: boolean): Promise<void> {
  const block = cardBlock(page, name);
  await block.waitFor();
  await block.getByText('Last 4 Digits', { exact: true }).waitFor();
  await block.getByText(card.last4, { exact: true }).waitFor();
  await block.getByText('Expires', { exact: true }).waitFor();
  await block.getByText(expiry(card), { exact: true }).waitFor();
  await block.getByRole('button', { name: 'Delete Payment Method' }).waitFor();
  const tick = block.getByText('Active', { exact: true });
  if (active) await tick.waitFor();
  else await tick.waitFor({ state: 'detached' });
  expect(await block.getByRole('button', { name, exact: true }).getAttribute('aria-pressed')).toBe(
    String(active),
  );
}

const defaultCard = async (client: ApiClient) =>
  (await client.payments.cards()).find((c) => c.default_payment_method);

test.describe('payment methods, payments on', () => {
  test('shows the trail Home > Your Profile > Payment Method, no cards yet, and the card field', async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    await openMethods(page, app.origin, user.username);
    expect(await page.title()).toBe('Payment Method · Caravanserai');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/');
    expect(await crumbs.getByRole('link', { name: 'Your Profile', exact: true }).getAttribute('href')).toBe(
      `/u/${user.username}`,
    );
    await crumbs.getByText('Payment Method', { exact: true }).waitFor();
    await main(page).getByText('No saved cards yet. Add one below.', { exact: true }).waitFor();
    // Stripe.js was fetched from Stripe, for the publishable key the server told the page.
    await main(page).getByRole('textbox', { name: 'Card number' }).waitFor();
    expect(stripeJs.urls.length).toBeGreaterThan(0);
    expect(stripeJs.urls.every((url) => url.startsWith('https://js.stripe.com/'))).toBe(true);
    expect(await page.evaluate(() => typeof (window as { Stripe?: unknown }).Stripe)).toBe('function');
    // The page may load Stripe's script and frames, and send cards to its API: nothing more.
    const csp = (await fetch(`${app.origin}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    await main(page).getByRole('button', { name: 'Submit', exact: true }).waitFor();
  });

  test("lists a card with 'Last 4 Digits', brand, expiry and the 'Active' tick of the default", async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    const visa = await user.client.payments.addCard(user.username, { payment_method_id: 'pm_card_visa' });
    await openMethods(page, app.origin, user.username);
    await expectCard(page, 'Visa ending in 4242', visa, true);
    await cardBlock(page, 'Visa ending in 4242').getByText('Visa', { exact: true }).waitFor();
    expect(await main(page).getByText('No saved cards yet.').count()).toBe(0);
  });

  test('makes a clicked card the active one', async ({ app, tab, user }) => {
    const { page } = tab;
    const mastercard = await user.client.payments.addCard(user.username, {
      payment_method_id: 'pm_card_mastercard',
    });
    await openMethods(page, app.origin, user.username);
    // The first card stays the default; the new one says how to make it so.
    await expectCard(page, 'Mastercard ending in 4444', mastercard, false);
    const block = cardBlock(page, 'Mastercard ending in 4444');
    await block.getByText('Click to make it the active card', { exact: true }).waitFor();

    await block.getByText('4444', { exact: true }).click();
    await expectCard(page, 'Mastercard ending in 4444', mastercard, true);
    await cardBlock(page, 'Visa ending in 4242')
      .getByText('Active', { exact: true })
      .waitFor({ state: 'detached' });
    expect((await defaultCard(user.client))?.payment_key).toBe(mastercard.payment_key);

    // It stays so after a reload: the server's answer, not only the page's.
    await page.reload();
    await h1(page, 'Payment Method');
    await expectCard(page, 'Mastercard ending in 4444', mastercard, true);
  });

  test("deletes a card only after 'Delete Payment Method' is confirmed", async ({ app, tab, user }) => {
    const { page } = tab;
    await openMethods(page, app.origin, user.username);
    const visa = cardBlock(page, 'Visa ending in 4242');
    await visa.getByRole('button', { name: 'Delete Payment Method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Payment Method' });
    await dialog
      .getByText('Are you sure you want to delete the Visa ending in 4242?', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await visa.waitFor();
    expect((await user.client.payments.cards()).length).toBe(2);

    await visa.getByRole('button', { name: 'Delete Payment Method' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await visa.waitFor({ state: 'detached' });
    const left = await user.client.payments.cards();
    expect(left.map((c) => c.last4)).toEqual(['4444']);
    await cardBlock(page, 'Mastercard ending in 4444').getByText('Active', { exact: true }).waitFor();
  });

  test('warns in the confirmation when the card is the active one', async ({ app, tab, user }) => {
    const { page } = tab;
    await openMethods(page, app.origin, user.username);
    await cardBlock(page, 'Mastercard ending in 4444')
      .getByRole('button', { name: 'Delete Payment Method' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete Payment Method' });
    await expect(dialog.getByText('It is your active card', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test("says 'Failed to create payment method.' when Stripe.js cannot make one of the card", async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    await openMethods(page, app.origin, user.username);
    await main(page).getByRole('button', { name: 'Submit', exact: true }).click();
    const alert = main(page).getByRole('alert').filter({ hasText: 'Failed to create payment method.' });
    await alert.getByText('Your card number is incomplete.', { exact: true }).waitFor();
    expect(page.url()).toBe(`${app.origin}${methodsPath(user.username)}`);
  });

  test("says 'Failed to register payment method.' with Stripe's reason when the card is declined", async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    await openMethods(page, app.origin, user.username);
    await main(page).getByRole('textbox', { name: 'Card number' }).fill('pm_card_chargeDeclined');
    await main(page).getByRole('button', { name: 'Submit', exact: true }).click();
    const alert = main(page).getByRole('alert').filter({ hasText: 'Failed to register payment method.' });
    await alert.getByText('Your card was declined.', { exact: true }).waitFor();
    expect(page.url()).toBe(`${app.origin}${methodsPath(user.username)}`);
    expect((await user.client.payments.cards()).length).toBe(1);
  });

  test('adds a card through the card field, then goes to the profile', async ({ app, tab, user }) => {
    const { page } = tab;
    await openMethods(page, app.origin, user.username);
    await main(page).getByRole('textbox', { name: 'Card number' }).fill('pm_card_amex');
    await main(page).getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL(`${app.origin}/u/${user.username}`);
    await h1(page, `u/${user.username}`);
    const cards = await user.client.payments.cards();
    expect(cards.map((c) => c.last4).sort()).toEqual(['4444', '8431']);

    await main(page).getByRole('link', { name: 'Manage Payment Method', exact: true }).click();
    await page.waitForURL(`${app.origin}${methodsPath(user.username)}`);
    await cardBlock(page, 'American Express ending in 8431').waitFor();
  });

  test('says so when Stripe.js cannot load, and keeps the saved cards usable', async ({ app, tab, user }) => {
    const { page } = tab;
    await serveStripeJs(page, { blocked: true });
    try {
      await openMethods(page, app.origin, user.username);
      await expect(
        main(page).getByRole('alert').filter({ hasText: 'The card field could not load.' }),
      ).toBeVisible();
      await expect(
        cardBlock(page, 'Mastercard ending in 4444').getByText('Active', { exact: true }),
      ).toBeVisible();
    } finally {
      stripeJs = await serveStripeJs(page);
    }
  });

  test('refuses to show another user’s payment methods', async ({ app, tab, user }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/payments/methods/caravanserai`);
    await h1(page, 'Payment Method');
    await main(page).getByRole('alert').filter({ hasText: 'This is not your account' }).waitFor();
    expect(await main(page).getByRole('link', { name: 'Go to yours' }).getAttribute('href')).toBe(
      methodsPath(user.username),
    );
    expect(await main(page).getByRole('button', { name: 'Submit' }).count()).toBe(0);
  });

  test('looks right in light and dark, and on a 390 px phone', async ({ app, tab, user }) => {
    const { page } = tab;
    await openMethods(page, app.origin, user.username);
    await cardBlock(page, 'Mastercard ending in 4444').waitFor();
    await main(page).getByRole('textbox', { name: 'Card number' }).waitFor();
    await shootBothThemes(page, 'payment-methods');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.reload();
      await cardBlock(page, 'Mastercard ending in 4444').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(page, 'payment-methods-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});

test.describe('payment methods, signed out', () => {
  test('asks a visitor to log in', async ({ app, tab, user }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logout/`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.origin}/`);
    await openMethods(page, app.origin, user.username);
    await main(page).getByText('You are not signed in', { exact: true }).waitFor();
    expect(await main(page).getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe(
      '/login/',
    );
    expect(await main(page).getByRole('textbox', { name: 'Card number' }).count()).toBe(0);
  });

  test('log no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
