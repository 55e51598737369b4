import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { logIn, PASSWORD, signUp, uniqueName } from '../support/flows.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { openTab, type Tab } from '../support/tab.js';

/** The administrator this file's server names in ADMIN_USERNAMES; signed up through the pages. */
const CHIEF = 'chief';

test.use({ appOptions: { config: { adminUsernames: [CHIEF] } } });
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const users = (page: Page) => main(page).getByRole('list', { name: 'Users' });
const menu = (page: Page) => page.getByRole('navigation').first();
/** Waits for the page's transitions (a dialog fading in) to end, so a picture shows it whole. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
/** Full-page pictures are taken from the top, so the fixed header stays at the top. */
const top = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

/** Another user, made through the API beside the pages. */
let wanderer = '';
let wandererToken = '';
/** A second window, phone-sized, for the visitor with the invite link and for the 390 px pictures. */
let phone: Tab | undefined;

test.afterAll(async () => {
  await phone?.close();
});

test.describe('the Admin page', () => {
  test('is linked in the menu for administrators and lists the users', async ({ app, tab }) => {
    const { page } = tab;
    wanderer = uniqueName('wanderer');
    ({ key: wandererToken } = await app.server.client().auth.register({
      username: wanderer,
      email: `${wanderer}@example.com`,
      password1: PASSWORD,
      password2: PASSWORD,
    }));
    await app.server.client(wandererToken).logbooks.create({ title: 'Road notes' });

    await signUp(page, app.origin, CHIEF);
    await logIn(page, app.origin, CHIEF);
    await menu(page).getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL(`${app.origin}/admin/`);
    await main(page).getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await main(page).getByText('2 users', { exact: true }).waitFor();
    const item = users(page).getByRole('listitem', { name: wanderer });
    await expect(item.getByText(`${wanderer}@example.com`)).toBeVisible();
    await expect(item.getByText(/1 logbook$/)).toBeVisible();
    await expect(item.getByText(/last seen/)).toBeVisible();
    const chief = users(page).getByRole('listitem', { name: CHIEF });
    await expect(chief.getByText('Admin', { exact: true })).toBeVisible();
    // An administrator cannot disable themself.
    await expect(chief.getByRole('button', { name: `Disable ${CHIEF}` })).toBeDisabled();
    await top(page);
    await shootBothThemes(page, 'admin-users');
  });

  test('finds users by part of their name or address', async ({ tab }) => {
    const { page } = tab;
    const search = main(page).getByRole('textbox', { name: 'Search users' });
    await search.fill('WANDER');
    await main(page).getByText(`1 user matching “WANDER”`).waitFor();
    await expect(users(page).getByRole('listitem')).toHaveCount(1);
    await search.fill('nobody-like-this');
    await main(page)
      .getByText(/^0 users matching/)
      .waitFor();
    await search.fill('');
    await main(page).getByText('2 users', { exact: true }).waitFor();
  });

  test('disables a user after asking, which stops their token at once, and enables them again', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    const item = users(page).getByRole('listitem', { name: wanderer });
    await item.getByRole('button', { name: `Disable ${wanderer}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${wanderer}?` });
    await dialog.getByText('Nothing of theirs is deleted').waitFor();
    await settled(page);
    await shoot(page, 'admin-disable-dialog');
    await dialog.getByRole('button', { name: 'Disable user' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(item.getByText('Disabled', { exact: true })).toBeVisible();
    const refused = await app.server.http('/rest-auth/user/', { token: wandererToken });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ detail: /disabled by an administrator/ });

    await item.getByRole('button', { name: `Enable ${wanderer}` }).click();
    await item.getByRole('button', { name: `Disable ${wanderer}` }).waitFor();
    await expect(item.getByText('Disabled', { exact: true })).toHaveCount(0);
    expect((await app.server.http('/rest-auth/user/', { token: wandererToken })).status).toBe(200);
  });

  test('makes an invite link, which a visitor signs up with', async ({ app, tab, browser }) => {
    const { page, context } = tab;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    await main(page).getByRole('button', { name: 'Create invite link' }).click();
    const shown = main(page).getByLabel('Invite link', { exact: true });
    await shown.waitFor();
    const url = (await shown.textContent())?.trim() ?? '';
    expect(url).toMatch(new RegExp(`^${app.origin}/signup/\\?invite=[A-Za-z0-9_-]{32}$`));
    await main(page).getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await top(page);
    await shootBothThemes(page, 'admin-invite-link');

    phone = await openTab(browser, { width: 390, height: 844 });
    await phone.page.goto(url);
    await main(phone.page).getByText('You are creating your account with an invite link.').waitFor();
    await shoot(phone.page, 'signup-invite-390');
    const newcomer = uniqueName('newcomer');
    await phone.page.getByRole('textbox', { name: 'Username' }).fill(newcomer);
    await phone.page.getByRole('textbox', { name: 'Email' }).fill(`${newcomer}@example.com`);
    await phone.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await phone.page.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD);
    await phone.page.getByRole('button', { name: 'Sign Up' }).click();
    await phone.page.waitForURL(`${app.origin}/login/`);

    // The link was good once: a second visitor is told so, in words.
    await phone.page.goto(url);
    const other = uniqueName('latecomer');
    await phone.page.getByRole('textbox', { name: 'Username' }).fill(other);
    await phone.page.getByRole('textbox', { name: 'Email' }).fill(`${other}@example.com`);
    await phone.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await phone.page.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD);
    await phone.page.getByRole('button', { name: 'Sign Up' }).click();
    await main(phone.page)
      .getByText(/This invite link is not valid/)
      .waitFor();

    await page.reload();
    await main(page).getByText('3 users', { exact: true }).waitFor();
  });

  test('looks right on a phone', async ({ app }) => {
    if (!phone) throw new Error('the phone window opens in the previous test');
    await logIn(phone.page, app.origin, CHIEF);
    await phone.page.goto(`${app.origin}/admin/`);
    await users(phone.page).getByRole('listitem', { name: wanderer }).waitFor();
    await shootBothThemes(phone.page, 'admin-users-390');
  });

  test('is not offered to anyone else', async ({ app }) => {
    if (!phone) throw new Error('the phone window opens in an earlier test');
    await logIn(phone.page, app.origin, wanderer);
    await phone.page.goto(`${app.origin}/admin/`);
    await main(phone.page).getByText("This page is for the server's administrators").waitFor();
    await expect(phone.page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  });

  test("lets a caravan's leader make a link into the caravan on its page", async ({ app }) => {
    if (!phone) throw new Error('the phone window opens in an earlier test');
    const caravan = await app.server.client(wandererToken).caravans.create({ name: 'Amber Road' });
    await phone.page.goto(`${app.origin}/caravans/${caravan.caravan_id}`);
    const section = main(phone.page).getByRole('region', { name: 'Invite link' });
    await section.getByRole('button', { name: 'Create invite link' }).click();
    await section.getByText('who joins “Amber Road”', { exact: false }).waitFor();
    await expect(section.getByLabel('Invite link', { exact: true })).toHaveText(/\/signup\/\?invite=/);
    await top(phone.page);
    await shoot(phone.page, 'caravan-invite-link-390');
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
    expect(phone?.errors ?? []).toEqual([]);
  });
});
