import type { ApiClient, Subscription } from '@caravanserai/api';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import type { SignedInUser } from '../support/flows.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { serveStripeJs } from '../support/stripe-js.js';

const SUPPORT = 'billing@caravans.example';
const CANCEL_TEXT = 'Email us if you want to cancel with your username and subscription ID';

test.use({ appOptions: { user: 'tarik', payments: true, config: { supportEmail: SUPPORT } } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ tab }) => {
  await serveStripeJs(tab.page);
});

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true });
const h1 = (page: Page, name: string) => heading(page, name).waitFor();

const profilePath = (username: string) => `/u/${username}`;

/** The role badge of the user's profile, once it reads `role`. */
async function expectRole(page: Page, origin: string, user: SignedInUser, role: string): Promise<void> {
  await page.goto(`${origin}${profilePath(user.username)}`);
  await h1(page, `u/${user.username}`);
  await main(page).getByText(role, { exact: true }).waitFor();
}

const subscriptionCard = (page: Page, id: string): Locator =>
  main(page).getByRole('listitem').filter({ hasText: id });

const mine = async (client: ApiClient, type: 'Merchant' | 'Sultan'): Promise<Subscription> => {
  const found = (await client.payments.subscriptions()).find((s) => s.type === type);
  if (!found) throw new Error(`no ${type} subscription`);
  return found;
};

test.describe('tiers and purchase pages, payments on', () => {
  test('leads the Merchant and Sultan badges of the tiers to their purchase pages', async ({ app, tab }) => {
    const { page } = tab;
    for (const [role, about] of [
      ['Merchant', 'About Merchants'],
      ['Sultan', 'About Sultans'],
    ] as const) {
      await page.goto(`${app.origin}/subscribe/`);
      await h1(page, 'Subscription Tiers');
      await main(page).getByText('Pay monthly, or annually', { exact: false }).waitFor();
      await main(page)
        .getByRole('table', { name: `${role} tier` })
        .getByRole('link', { name: role })
        .click();
      await page.waitForURL(`${app.origin}/subscribe/${role.toLowerCase()}/`);
      await h1(page, about);
      expect(await page.title()).toBe(`${about} · Caravanserai`);
    }
    // The tier prices, and the question.
    await main(page).getByText('$10,000 per month or $100,000 per year', { exact: true }).waitFor();
    await main(page)
      .getByText('Are you sure you want to purchase a Sultan Subscription?', { exact: true })
      .waitFor();
  });

  test('offers a way to add a card when there is none, and comes back once it is added', async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/subscribe/merchant/`);
    await h1(page, 'About Merchants');
    await main(page).getByRole('heading', { name: 'Active Payment Method', exact: true }).waitFor();
    await main(page).getByText('No payment method yet', { exact: true }).waitFor();
    expect(await main(page).getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(true);

    await main(page).getByRole('link', { name: 'Add a Payment Method', exact: true }).click();
    await page.waitForURL(`${app.origin}/payments/methods/${user.username}?next=%2Fsubscribe%2Fmerchant%2F`);
    await main(page).getByRole('textbox', { name: 'Card number' }).fill('pm_card_visa');
    await main(page).getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL(`${app.origin}/subscribe/merchant/`);
    await h1(page, 'About Merchants');

    const [card] = await user.client.payments.cards();
    const active = main(page).getByRole('region', { name: 'Active Payment Method' });
    await active.getByText('Last 4 Digits', { exact: true }).waitFor();
    await active.getByText('4242', { exact: true }).waitFor();
    await active.getByText('Visa', { exact: true }).waitFor();
    await active
      .getByText(`${String(card!.exp_month).padStart(2, '0')}/${card!.exp_year}`, { exact: true })
      .waitFor();
  });

  test('buys a Merchant subscription, annually, and the profile shows the Merchant badge', async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/subscribe/merchant/`);
    await h1(page, 'About Merchants');
    await main(page)
      .getByText('Are you sure you want to purchase a Merchant Subscription?', { exact: true })
      .waitFor();
    await main(page).getByRole('radio', { name: 'Annual: $1200 per year' }).check();
    await main(page).getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL(`${app.origin}${profilePath(user.username)}`);
    await h1(page, `u/${user.username}`);
    await main(page).getByText('Merchant', { exact: true }).waitFor();
    const merchant = await mine(user.client, 'Merchant');
    expect(merchant).toMatchObject({ is_active: true, interval: 'year', cancel_at_period_end: false });
  });

  test('does not offer a tier the user already has', async ({ app, tab, user }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/subscribe/merchant/`);
    await main(page).getByText('You are already a Merchant.', { exact: true }).waitFor();
    expect(await main(page).getByRole('button', { name: 'Submit' }).count()).toBe(0);
    const merchant = await mine(user.client, 'Merchant');
    expect(await main(page).getByRole('link', { name: 'Manage Subscription' }).getAttribute('href')).toBe(
      `/merchants/manage/${merchant.subscription_id}/`,
    );
  });

  test('looks right in light and dark, and on a 390 px phone', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/subscribe/sultan/`);
    await h1(page, 'About Sultans');
    await main(page).getByText('4242', { exact: true }).waitFor();
    await shootBothThemes(page, 'purchase-sultan');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.reload();
      await main(page).getByText('4242', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(page, 'purchase-sultan-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  test('buys a Sultan subscription, monthly, and the badge becomes Sultan', async ({ app, tab, user }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/subscribe/sultan/`);
    await h1(page, 'About Sultans');
    expect(await main(page).getByRole('radio', { name: 'Monthly: $10,000 per month' }).isChecked()).toBe(
      true,
    );
    await main(page).getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL(`${app.origin}${profilePath(user.username)}`);
    await h1(page, `u/${user.username}`);
    await main(page).getByText('Sultan', { exact: true }).waitFor();
    expect(await mine(user.client, 'Sultan')).toMatchObject({ is_active: true, interval: 'month' });
  });
});

test.describe('subscriptions list and manage pages, payments on', () => {
  test("leads the profile's three controls to working pages", async ({ app, tab, user }) => {
    const { page } = tab;
    const to = [
      ['View Subscription Tiers', '/subscribe/', 'Subscription Tiers'],
      ['Manage Payment Method', `/payments/methods/${user.username}`, 'Payment Method'],
      ['Manage Subscriptions', '/payments/subscribe/change/', 'Your Subscriptions'],
    ] as const;
    for (const [control, path, title] of to) {
      await page.goto(`${app.origin}${profilePath(user.username)}`);
      await main(page).getByRole('link', { name: control, exact: true }).click();
      await page.waitForURL(`${app.origin}${path}`);
      await expect(heading(page, title)).toBeVisible();
    }
  });

  test("lists 'Your Subscriptions' with type, id, the 'Active' tick and 'Manage Subscription'", async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/payments/subscribe/change/`);
    await h1(page, 'Your Subscriptions');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Your Profile', exact: true }).getAttribute('href')).toBe(
      profilePath(user.username),
    );
    const items = main(page).getByRole('list', { name: 'Subscriptions' }).getByRole('listitem');
    await items.nth(1).waitFor();
    expect(await items.count()).toBe(2);
    for (const type of ['Sultan', 'Merchant'] as const) {
      const { subscription_id: id } = await mine(user.client, type);
      const card = subscriptionCard(page, id);
      await card.getByText(type, { exact: true }).waitFor();
      await card.getByText('Active', { exact: true }).waitFor();
      const manage = card.getByRole('link', { name: 'Manage Subscription', exact: true });
      expect(await manage.getAttribute('href')).toBe(`/${type.toLowerCase()}s/manage/${id}/`);
    }
    await shootBothThemes(page, 'subscriptions-list');
  });

  test('opens the manage page from anywhere on a card', async ({ app, tab, user }) => {
    const { page } = tab;
    const { subscription_id: id } = await mine(user.client, 'Merchant');
    await page.goto(`${app.origin}/payments/subscribe/change/`);
    // Not on the button: on the card's corner.
    await subscriptionCard(page, id).click({ position: { x: 12, y: 12 } });
    await page.waitForURL(`${app.origin}/merchants/manage/${id}/`);
    await h1(page, 'Merchant Subscription');
    await main(page).getByText('This Merchant Subscription ID', { exact: true }).waitFor();
    await main(page).getByText(id, { exact: true }).waitFor();
    await main(page).getByText(CANCEL_TEXT, { exact: true }).waitFor();
    expect(await main(page).getByRole('link', { name: SUPPORT }).getAttribute('href')).toBe(
      `mailto:${SUPPORT}`,
    );
    // With payments on the trail leads back to the list.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'User Subscriptions', exact: true })
      .click();
    await page.waitForURL(`${app.origin}/payments/subscribe/change/`);
  });

  test('cancels at period end from the manage page, after confirming; the role stays until then', async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    const { subscription_id: id } = await mine(user.client, 'Merchant');
    await page.goto(`${app.origin}/merchants/manage/${id}/`);
    await h1(page, 'Merchant Subscription');
    await main(page).getByRole('button', { name: 'Cancel at period end', exact: true }).waitFor();
    await shootBothThemes(page, 'subscription-manage-payments-on');
    await main(page).getByRole('button', { name: 'Cancel at period end', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel at period end?' });
    await dialog.getByRole('button', { name: 'Keep it', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await mine(user.client, 'Merchant')).cancel_at_period_end).toBe(false);

    await main(page).getByRole('button', { name: 'Cancel at period end', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel at period end', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await main(page).getByText('Cancelled at period end', { exact: true }).waitFor();
    expect(await main(page).getByRole('button', { name: 'Cancel at period end' }).count()).toBe(0);
    // The e-mail way is still there beside it.
    await main(page).getByText(CANCEL_TEXT, { exact: true }).waitFor();
    expect(await mine(user.client, 'Merchant')).toMatchObject({
      is_active: true,
      cancel_at_period_end: true,
    });

    await page.goto(`${app.origin}/payments/subscribe/change/`);
    await subscriptionCard(page, id).getByText('Ends on', { exact: false }).waitFor();
    await expectRole(page, app.origin, user, 'Sultan');
  });

  test('lets the role follow the subscriptions as they end', async ({ app, tab, user }) => {
    const { page } = tab;
    const stripe = app.stripe!;
    const sultan = await mine(user.client, 'Sultan');
    await page.goto(`${app.origin}/sultans/manage/${sultan.subscription_id}/`);
    await h1(page, 'Sultan Subscription');
    await main(page).getByText('This Sultan Subscription ID', { exact: true }).waitFor();
    await main(page).getByRole('button', { name: 'Cancel at period end', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Cancel at period end?' })
      .getByRole('button', { name: 'Cancel at period end', exact: true })
      .click();
    await main(page).getByText('Cancelled at period end', { exact: true }).waitFor();

    // The period ends at Stripe; its webhook tells the server.
    stripe.advance.renew(sultan.subscription_id);
    await stripe.webhooksSettled();
    await expectRole(page, app.origin, user, 'Merchant');
    stripe.advance.renew((await mine(user.client, 'Merchant')).subscription_id);
    await stripe.webhooksSettled();
    await expectRole(page, app.origin, user, 'Pilgrim');

    await page.goto(`${app.origin}/payments/subscribe/change/`);
    await h1(page, 'Your Subscriptions');
    await subscriptionCard(page, sultan.subscription_id).getByText('Ended', { exact: false }).waitFor();
    expect(await main(page).getByText('Active', { exact: true }).count()).toBe(0);
    await page.goto(`${app.origin}/sultans/manage/${sultan.subscription_id}/`);
    await main(page).getByText('This subscription has ended.', { exact: true }).waitFor();
  });

  test('says why when the charge is refused, and buys once another card is the active one', async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    const failing = await user.client.payments.addCard(user.username, {
      payment_method_id: 'pm_card_chargeCustomerFail',
    });
    await user.client.payments.setDefaultCard({ payment_key: failing.payment_key });
    await page.goto(`${app.origin}/subscribe/merchant/`);
    await h1(page, 'About Merchants');
    await main(page).getByText('0341', { exact: true }).waitFor();
    await main(page).getByRole('button', { name: 'Submit', exact: true }).click();
    const alert = main(page).getByRole('alert').filter({ hasText: 'The subscription was not purchased.' });
    await alert.getByText('Payment failed. Your card was declined.', { exact: true }).waitFor();
    expect(page.url()).toBe(`${app.origin}/subscribe/merchant/`);
    await expectRole(page, app.origin, user, 'Pilgrim');

    // 'Change card' leads to the cards; the Visa becomes the active one there.
    await page.goto(`${app.origin}/subscribe/merchant/`);
    await main(page).getByRole('link', { name: 'Change card', exact: true }).click();
    await page.waitForURL(`${app.origin}/payments/methods/${user.username}?next=%2Fsubscribe%2Fmerchant%2F`);
    await main(page).getByRole('button', { name: 'Visa ending in 4242', exact: true }).click();
    await main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Visa ending in 4242', exact: true }) })
      .getByText('Active', { exact: true })
      .waitFor();
    await page.goto(`${app.origin}/subscribe/merchant/`);
    await main(page).getByText('4242', { exact: true }).waitFor();
    await main(page).getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL(`${app.origin}${profilePath(user.username)}`);
    await h1(page, `u/${user.username}`);
    await main(page).getByText('Merchant', { exact: true }).waitFor();
  });

  test('says a subscription of someone else cannot be cancelled here', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/sultans/manage/sub_NotOneOfYours123/`);
    await h1(page, 'Sultan Subscription');
    await main(page).getByText('This subscription is not one of yours', { exact: false }).waitFor();
    expect(await main(page).getByRole('button', { name: 'Cancel at period end' }).count()).toBe(0);
  });
});

test.describe('payments pages, payments on', () => {
  test('log no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
