import type { Page } from '@playwright/test';
import { startApp } from '../support/app-server.js';
import { expect, test } from '../support/fixtures.js';
import { PASSWORD } from '../support/flows.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { openTab, type Tab } from '../support/tab.js';

test.use({ appOptions: { user: 'forgetful', mail: true } });
test.describe.configure({ mode: 'serial' });

const NEW_PASSWORD = 'saffron lanterns at dusk';

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true }).waitFor();

/** The reset link the first test reads from the mail. */
let link = '';
let phone: Tab | undefined;

test.afterAll(async () => {
  await phone?.close();
});

test.describe('password reset', () => {
  test('is asked for from the login page, and the mail carries a link', async ({ app, tab, user }) => {
    const { page } = tab;
    const address = `${user.username}@example.com`;
    // Signed out, as someone who forgot their password would be.
    await page.goto(`${app.origin}/logout/`);
    await main(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.origin}/`);
    await page.goto(`${app.origin}/login/`);
    await main(page).getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${app.origin}/password/reset/`);
    await h1(page, 'Reset your password');
    await shootBothThemes(page, 'password-reset-request');

    await main(page).getByRole('textbox', { name: 'Email' }).fill(address);
    await main(page).getByRole('button', { name: 'Send reset link' }).click();
    await main(page).getByRole('status').getByText('Check your mail').waitFor();
    await expect(main(page).getByText(/a link to reset its password has been mailed to it/)).toBeVisible();
    await shoot(page, 'password-reset-sent');

    const mail = await app.mailbox!.next(address);
    expect(mail.subject).toBe('Reset your Caravanserai password');
    link = /https?:\/\/\S+\/password\/reset\/confirm\/\?\S+/.exec(mail.text)?.[0] ?? '';
    expect(link.startsWith(`${app.origin}/password/reset/confirm/?uid=`)).toBe(true);
  });

  test('sets the new password from the link, on a phone, refusing passwords that differ', async ({
    app,
    browser,
    user,
  }) => {
    phone = await openTab(browser, { width: 390, height: 844 });
    const { page } = phone;
    await page.goto(link);
    await h1(page, 'Choose a new password');
    await shootBothThemes(page, 'password-reset-confirm-390');

    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await main(page).getByRole('alert').getByText('Passwords do not match!').waitFor();

    // A password the registration would refuse is refused here too, in its words.
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('password');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await main(page).getByText('This password is too common.').waitFor();

    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${app.origin}/login/`);
    await page.getByText('Your password has been changed', { exact: false }).waitFor();

    // The old password no longer works; the new one does.
    await page.getByRole('textbox', { name: 'Username' }).fill(user.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await main(page).getByText('Authentication failed. Please check your credentials.').waitFor();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${app.origin}/shell/`);
    // The token the user held before the reset was ended with the others.
    expect((await app.server.http('/rest-auth/user/', { token: user.token })).status).toBe(401);
  });

  test('refuses the same link a second time, in words', async ({ tab }) => {
    const { page } = tab;
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('another fine phrase 7');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('another fine phrase 7');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await main(page)
      .getByRole('alert')
      .getByText(/has expired or has already been used/)
      .waitFor();
    await shoot(page, 'password-reset-link-used');
    await main(page).getByRole('link', { name: 'Ask for a new one' }).click();
    await h1(page, 'Reset your password');
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
    expect(phone?.errors ?? []).toEqual([]);
  });
});

test.describe('without mail set up', () => {
  test('the reset page says reset is not available', async ({ browser }) => {
    const bare = await startApp();
    const tab = await openTab(browser);
    try {
      await tab.page.goto(`${bare.origin}/password/reset/`);
      await tab.page.getByText('Password reset is not available').waitFor();
      await expect(tab.page.getByRole('button', { name: 'Send reset link' })).toHaveCount(0);
      await shootBothThemes(tab.page, 'password-reset-unavailable');
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
      await bare.close();
    }
  });
});
