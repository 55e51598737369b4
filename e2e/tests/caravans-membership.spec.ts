import type { TestServer } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { uniqueName } from '../support/flows.js';

/** The browser's user is invited, declines, joins, leaves, and leads a caravan of their own. */
test.use({ appOptions: { user: 'nasreen' } });
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const section = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
const caravansLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: /^Caravans/ });
const members = (page: Page) => section(page, 'Members').getByRole('list', { name: 'Members' });
const memberItem = (page: Page, username: string) =>
  members(page).getByRole('listitem').filter({ hasText: username });

let leader: Awaited<ReturnType<TestServer['signup']>>;
const declined = uniqueName('Declined Caravan ');
const joined = uniqueName('Joined Caravan ');

test.beforeAll(async ({ app, user }) => {
  leader = await app.server.signup('bahram');
  for (const name of [declined, joined]) {
    const caravan = await leader.client.caravans.create({ name });
    await leader.client.caravans.invite(caravan.caravan_id, { username: user.username });
  }
});

test.describe('caravan membership in the browser', () => {
  test('counts the waiting invites on the navigation badge, and declines one', async ({ app, tab, user }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/shell/`);
    await caravansLink(page).filter({ hasText: '2 invites waiting' }).waitFor();
    await caravansLink(page).click();
    const invites = main(page).getByRole('list', { name: 'Pending invites' });
    await invites.getByText(declined).waitFor();
    await invites.getByRole('button', { name: `Decline the invite to ${declined}` }).click();
    await invites.getByText(declined).waitFor({ state: 'detached' });
    await invites.getByText(joined).waitFor();
    await caravansLink(page).filter({ hasText: '1 invite waiting' }).waitFor();
    expect(await user.client.caravans.invites()).toEqual([
      expect.objectContaining({ caravan_name: joined, invited_by: leader.username }),
    ]);
    expect(await main(page).getByRole('list', { name: 'Your caravans' }).count()).toBe(0);
  });

  test('joins, then leaves a caravan, which then drops out of the list', async ({ app, tab, user }) => {
    const { page } = tab;
    const invites = main(page).getByRole('list', { name: 'Pending invites' });
    await invites.getByRole('button', { name: `Accept the invite to ${joined}` }).click();
    await main(page)
      .getByRole('heading', { level: 1, name: `${joined} Member` })
      .waitFor();
    await memberItem(page, user.username).getByRole('button', { name: 'Leave caravan' }).click();
    await page.waitForURL(`${app.origin}/caravans/`);
    await main(page).getByText('No invites are waiting.').waitFor();
    await main(page).getByText('You are in no caravan yet.', { exact: false }).waitFor();
    expect(await caravansLink(page).innerText()).toBe('Caravans');
  });

  test('refuses the last leader’s leaving with the server’s reason, then promotes, demotes and removes', async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    await main(page).getByRole('textbox', { name: 'Caravan name' }).fill(uniqueName('My Caravan '));
    await main(page).getByRole('button', { name: 'Create Caravan' }).click();
    await main(page)
      .getByRole('heading', { level: 1, name: /Leader$/ })
      .waitFor();
    const caravanId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

    await memberItem(page, user.username).getByRole('button', { name: 'Leave caravan' }).click();
    await section(page, 'Members')
      .getByRole('alert')
      .getByText('A caravan needs a leader: make another member a leader first.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/caravans/${caravanId}`);

    // A second person joins through the API, then the leader changes their role and removes them.
    const other = await app.server.signup('kaveh');
    const invite = await user.client.caravans.invite(caravanId, { username: other.username });
    await other.client.caravans.accept(invite.invite_id);
    await page.reload();
    await memberItem(page, other.username).getByText('Member', { exact: true }).waitFor();
    await memberItem(page, other.username)
      .getByRole('button', { name: `Make leader: ${other.username}` })
      .click();
    await memberItem(page, other.username).getByText('Leader', { exact: true }).waitFor();
    await memberItem(page, other.username)
      .getByRole('button', { name: `Make member: ${other.username}` })
      .click();
    await memberItem(page, other.username).getByText('Member', { exact: true }).waitFor();
    await memberItem(page, other.username)
      .getByRole('button', { name: `Remove ${other.username}` })
      .click();
    await memberItem(page, other.username).waitFor({ state: 'detached' });

    // An unknown username is refused with the server's field message.
    await section(page, 'Members')
      .getByRole('textbox', { name: 'Invite by username' })
      .fill(uniqueName('nobody'));
    await section(page, 'Members').getByRole('button', { name: 'Invite', exact: true }).click();
    await section(page, 'Members')
      .getByRole('alert')
      .filter({ hasText: 'The invite was not sent.' })
      .waitFor();

    const audit = section(page, 'Audit log').getByRole('list', { name: 'Audit log' });
    const lines = await audit.getByRole('listitem').allInnerTexts();
    expect(lines.filter((line) => line.includes('Changed the role of')).length).toBe(2);
    expect(lines[0]).toContain('Removed');
  });

  test('renames and deletes a caravan the user leads', async ({ app, tab, user }) => {
    const { page } = tab;
    const renamed = uniqueName('Renamed Caravan ');
    const settings = section(page, 'Settings');
    await settings.getByRole('textbox', { name: 'Caravan name' }).fill(renamed);
    await settings.getByRole('button', { name: 'Rename' }).click();
    await main(page)
      .getByRole('heading', { level: 1, name: `${renamed} Leader` })
      .waitFor();
    const audit = section(page, 'Audit log').getByRole('list', { name: 'Audit log' });
    await expect
      .poll(async () => (await audit.getByRole('listitem').allInnerTexts())[0])
      .toContain('Renamed the caravan');

    await settings.getByRole('button', { name: 'Delete Caravan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Caravan' });
    await dialog.getByText(`delete ‘${renamed}’`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${app.origin}/caravans/`);
    await main(page).getByText('You are in no caravan yet.', { exact: false }).waitFor();
    expect(await user.client.caravans.list()).toEqual([]);
  });

  test('shows a signed-out visitor the way to log in', async ({ app, tab }) => {
    const { context } = tab;
    const page = await context.newPage();
    await page.goto(`${app.origin}/about/`);
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await page.goto(`${app.origin}/caravans/`);
    await main(page).getByText('Caravans belong to accounts.', { exact: false }).waitFor();
    expect(await caravansLink(page).count()).toBe(0);
    await page.close();
  });

  test('logs no console errors', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
