import { EXAMPLE_LOGBOOKS } from '@caravanserai/api';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { logIn, storedToken } from '../support/flows.js';

test.use({ appOptions: { user: 'drifter' } });
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const banner = (page: Page) => page.getByRole('banner');
const h1 = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true }).waitFor();

/** Whether the browser still holds a token anywhere the app keeps one. */
async function holdsToken(context: BrowserContext, page: Page): Promise<boolean> {
  const cookie = (await context.cookies()).some((c) => c.name === 'authToken' && c.value !== '');
  const stored = await page.evaluate(() => localStorage.getItem('authKey') ?? localStorage.getItem('token'));
  return cookie || stored !== null;
}

/** The header as a visitor sees it: Login and Signup, no user link, no Logout. */
async function expectSignedOutHeader(page: Page, username: string): Promise<void> {
  await banner(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
  await banner(page).getByRole('link', { name: 'Signup', exact: true }).waitFor();
  expect(await banner(page).getByRole('link', { name: 'Logout', exact: true }).count()).toBe(0);
  expect(await banner(page).getByRole('link', { name: username, exact: true }).count()).toBe(0);
}

/** A public example as any visitor reads it: its title and owner, not 'This Logbook is Forbidden...'. */
async function expectExampleShown(
  page: Page,
  origin: string,
  example: (typeof EXAMPLE_LOGBOOKS)[number],
): Promise<void> {
  await page.waitForURL(`${origin}/logbooks/${example.logid}`);
  await h1(page, example.title);
  await main(page).getByText('owner: caravanserai', { exact: true }).waitFor();
  expect(await main(page).getByText('This Logbook is Forbidden...').count()).toBe(0);
}

test.describe('a token the server no longer knows', () => {
  test('is dropped on the next load: the header says signed out and the examples open as a visitor', async ({
    app,
    tab,
    user,
  }) => {
    const { page, context } = tab;
    // Checked before the revocation: once it happens, any call the open page makes drops the token.
    expect(await holdsToken(context, page)).toBe(true);
    // Revoked behind the tab's back, as 'Sign out everywhere' on another device would.
    await user.client.auth.logoutAll();

    await page.goto(`${app.origin}/examples`);
    await h1(page, 'Public Logbook Examples Page');
    await expectSignedOutHeader(page, user.username);
    for (const example of EXAMPLE_LOGBOOKS) {
      await page.goto(`${app.origin}/examples`);
      await main(page).getByRole('link', { name: example.title, exact: true }).click();
      await expectExampleShown(page, app.origin, example);
    }
    expect(await holdsToken(context, page)).toBe(false);
  });

  test('is dropped when the page is already open and signed in: the next call reads as a visitor', async ({
    app,
    tab,
    user,
  }) => {
    const { page, context } = tab;
    await logIn(page, app.origin, user.username);
    await page.goto(`${app.origin}/`);
    await banner(page).getByRole('link', { name: user.username, exact: true }).waitFor();
    // This time only this tab's token goes (plain logout, from elsewhere).
    await app.server.client(await storedToken(page)).auth.logout();

    // Moving within the app: no reload, the header still remembers the user until the next call.
    await banner(page).getByRole('link', { name: 'Examples', exact: true }).click();
    await h1(page, 'Public Logbook Examples Page');
    const example = EXAMPLE_LOGBOOKS[1];
    await main(page).getByRole('link', { name: example.title, exact: true }).click();
    await expectExampleShown(page, app.origin, example);
    await expectSignedOutHeader(page, user.username);
    expect(await holdsToken(context, page)).toBe(false);
  });

  test('opens a public logbook linked straight to, as a visitor', async ({ app, tab, user }) => {
    const { page, context } = tab;
    await logIn(page, app.origin, user.username);
    await app.server.client(await storedToken(page)).auth.logoutAll();
    const example = EXAMPLE_LOGBOOKS[2];
    await page.goto(`${app.origin}/logbooks/${example.logid}`);
    await expectExampleShown(page, app.origin, example);
    await expectSignedOutHeader(page, user.username);
    expect(await holdsToken(context, page)).toBe(false);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
