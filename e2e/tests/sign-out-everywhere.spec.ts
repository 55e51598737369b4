import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { logIn, signUpAndLogIn } from '../support/flows.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { openTab, type Tab } from '../support/tab.js';

test.use({ appOptions: {} });
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true }).waitFor();
const signOutButton = (page: Page) =>
  main(page).getByRole('button', { name: 'Sign out everywhere', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Sign out everywhere?' });

/** Whether the browser still holds a token anywhere the app keeps one. */
async function holdsToken(context: BrowserContext, page: Page): Promise<boolean> {
  const cookie = (await context.cookies()).some((c) => c.name === 'authToken' && c.value !== '');
  const stored = await page.evaluate(() => localStorage.getItem('authKey') ?? localStorage.getItem('token'));
  return cookie || stored !== null;
}

test.describe('sign out everywhere', () => {
  /** A second browser, phone-sized, signed in as the same user. */
  let phone: Tab | undefined;
  test.afterAll(async () => {
    await phone?.close();
  });

  test('signs the user out in this browser and in every other one', async ({ app, tab, browser }) => {
    const { page, context } = tab;
    const username = await signUpAndLogIn(page, app.origin, 'nomad');
    phone = await openTab(browser, { width: 390, height: 844 });
    await logIn(phone.page, app.origin, username);
    const profile = `${app.origin}/u/${username}`;

    // The phone's own profile offers the button; asked, it explains, and Cancel changes nothing.
    await phone.page.goto(profile);
    await h1(phone.page, `u/${username}`);
    await signOutButton(phone.page).waitFor();
    await shootBothThemes(phone.page, 'profile-own-390');
    await signOutButton(phone.page).click();
    await dialog(phone.page).getByText('this one included', { exact: false }).waitFor();
    await shoot(phone.page, 'profile-sign-out-everywhere-390');
    await dialog(phone.page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(phone.page).waitFor({ state: 'detached' });
    expect(await holdsToken(phone.context, phone.page)).toBe(true);

    // The desktop tab signs out everywhere and lands on Login, holding no token.
    await page.goto(profile);
    await signOutButton(page).click();
    await dialog(page).getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(`${app.origin}/login/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await holdsToken(context, page)).toBe(false);

    // The phone's next signed-in action finds itself signed out: its own profile no longer shows
    // the owner's controls (it still shows the profile), and the dead token is dropped.
    await phone.page.reload();
    await h1(phone.page, `u/${username}`);
    await main(phone.page).getByText('Pilgrim', { exact: true }).waitFor();
    expect(await signOutButton(phone.page).count()).toBe(0);
    expect(await main(phone.page).getByRole('link', { name: 'View Subscription Tiers' }).count()).toBe(0);
    expect(await holdsToken(phone.context, phone.page)).toBe(false);
    await phone.page.goto(`${app.origin}/journals/create/`);
    await main(phone.page).getByText('You are not signed in', { exact: true }).waitFor();

    // Both can log in again.
    await logIn(phone.page, app.origin, username);
    await logIn(page, app.origin, username);
    await page.goto(profile);
    await signOutButton(page).waitFor();
  });

  test('lets a browser holding a revoked token log in again at once', async ({ app, tab }) => {
    const { page } = tab;
    const username = await signUpAndLogIn(page, app.origin, 'wanderer');
    // Revoked behind the tab's back: the page still holds the dead token when it logs in.
    const token = await page.evaluate(() => localStorage.getItem('authKey'));
    await app.server.client(token).auth.logoutAll();
    await logIn(page, app.origin, username);
    expect(await page.evaluate(() => localStorage.getItem('authKey'))).not.toBe(token);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
    expect(phone?.errors).toEqual([]);
  });
});
