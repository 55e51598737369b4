import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { type SignedInUser, signedInUser, uniqueName } from '../support/flows.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { openTab, type Tab } from '../support/tab.js';
import { row } from '../support/workspace.js';

/** A leader (this browser, with a well) and a member in a second browser of their own. */
test.use({ appOptions: { user: 'leila', well: true } });
test.describe.configure({ mode: 'serial' });

let memberBrowser: Tab | undefined;
let member: SignedInUser;
const caravanName = uniqueName('Silk Road Traders ');
let caravanId = '';

test.beforeAll(async ({ browser, app }) => {
  memberBrowser = await openTab(browser);
  member = await signedInUser(memberBrowser.page, app, 'murad');
});
test.afterAll(async () => {
  await memberBrowser?.close();
});

const memberPage = (): Page => {
  if (!memberBrowser) throw new Error('The member’s browser is not open.');
  return memberBrowser.page;
};
const main = (page: Page) => page.getByRole('main');
const section = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
const groupBy = (page: Page, label: string) =>
  section(page, 'Usage')
    .getByRole('radiogroup', { name: 'Group usage by' })
    .getByText(label, { exact: true });
const caravansLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: /^Caravans/ });

async function openCaravan(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/caravans/${caravanId}`);
  await main(page)
    .getByRole('heading', { level: 1, name: new RegExp(caravanName) })
    .waitFor();
}

test.describe('the caravans dashboard', () => {
  test('lets a signed-in user create a caravan from /caravans/, reached from the navigation', async ({
    app,
    tab,
    owner: leader,
  }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/shell/`);
    await caravansLink(page).click();
    await page.waitForURL(`${app.origin}/caravans/`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Your Caravans' })).toBeVisible();
    await expect(main(page).getByText('No invites are waiting.')).toBeVisible();

    await main(page).getByRole('textbox', { name: 'Caravan name' }).fill(caravanName);
    await main(page).getByRole('button', { name: 'Create Caravan' }).click();
    await page.waitForURL(/\/caravans\/[^/]+$/);
    caravanId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await expect(main(page).getByRole('heading', { level: 1, name: `${caravanName} Leader` })).toBeVisible();
    const members = section(page, 'Members').getByRole('list', { name: 'Members' });
    await expect(
      members.getByRole('listitem').filter({ hasText: leader.username }).getByText('Leader'),
    ).toBeVisible();
  });

  test('invites a member, who sees a badge and accepts from their Caravans page', async ({
    app,
    tab,
    owner: leader,
  }) => {
    const { page } = tab;
    await section(page, 'Members').getByRole('textbox', { name: 'Invite by username' }).fill(member.username);
    await section(page, 'Members').getByRole('button', { name: 'Invite', exact: true }).click();
    await section(page, 'Members').getByText(`${member.username} is invited`).waitFor();

    const other = memberPage();
    await other.goto(`${app.origin}/shell/`);
    await caravansLink(other).filter({ hasText: '1 invite waiting' }).waitFor();
    await caravansLink(other).click();
    const invites = main(other).getByRole('list', { name: 'Pending invites' });
    await invites.getByText(caravanName).waitFor();
    await invites.getByText(`Invited by ${leader.username}`).waitFor();
    await invites.getByRole('button', { name: `Accept the invite to ${caravanName}` }).click();
    await other.waitForURL(`${app.origin}/caravans/${caravanId}`);
    await main(other)
      .getByRole('heading', { level: 1, name: `${caravanName} Member` })
      .waitFor();
    await expect.poll(() => caravansLink(other).innerText()).toBe('Caravans');
    // A member manages nothing: no invite form, no policy form, no audit log.
    expect(await main(other).getByRole('textbox', { name: 'Invite by username' }).count()).toBe(0);
    expect(await main(other).getByRole('button', { name: 'Save policy' }).count()).toBe(0);
    expect(await section(other, 'Audit log').count()).toBe(0);
  });

  test('shares one of the leader’s wells and sets a policy', async ({ app, tab, owner: leader }) => {
    const { page } = tab;
    await openCaravan(page, app.origin);
    await section(page, 'Members').getByRole('listitem').filter({ hasText: member.username }).waitFor();
    const wells = section(page, 'Shared wells');
    await wells.getByText('No well is shared with this caravan yet.').waitFor();
    await wells.getByLabel('Share one of your wells').click();
    await page.getByRole('option', { name: new RegExp(leader.wellTitle) }).click();
    await wells.getByRole('button', { name: 'Share', exact: true }).click();
    await wells.getByRole('list', { name: 'Shared wells' }).getByText(leader.wellTitle).waitFor();

    const policy = section(page, 'Policy');
    await policy.getByRole('textbox', { name: 'Allowed models' }).fill('not a model');
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await policy.getByText('not a model: Not a valid model', { exact: false }).waitFor();
    await policy
      .getByRole('textbox', { name: 'Allowed models' })
      .fill('openai-compatible/*\nopenai/gpt-4o-mini');
    await policy.getByRole('textbox', { name: 'Member monthly queries' }).fill('5');
    await policy.getByRole('textbox', { name: 'Member monthly tokens' }).fill('100000');
    await policy.getByRole('textbox', { name: 'Caravan monthly tokens' }).fill('');
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await policy.getByText('Policy saved.', { exact: false }).waitFor();

    const stored = await leader.client.caravans.get(caravanId);
    expect(stored.policy).toEqual({
      allowed_models: ['openai-compatible/*', 'openai/gpt-4o-mini'],
      member_monthly_queries: 5,
      member_monthly_tokens: 100000,
      caravan_monthly_tokens: null,
      personal_wells: true,
    });
  });

  test('shows the member the shared well, without a key, and lets them query through it', async ({
    app,
    owner: leader,
  }) => {
    const other = memberPage();
    await other.goto(`${app.origin}/wells/list/`);
    await main(other).getByText(leader.wellTitle).waitFor();
    expect(await main(other).innerText()).not.toContain('sk-');
    const card = main(other).getByRole('link').filter({ hasText: leader.wellTitle });
    await card.getByText(`Shared by caravan: ${caravanName}`).waitFor();
    await card.click();
    await other.waitForURL(`${app.origin}/wells/${leader.wellid}`);
    await main(other).getByRole('link', { name: caravanName }).waitFor();
    expect(await main(other).getByText('API Key').count()).toBe(0);
    expect(await main(other).getByRole('link', { name: 'Settings' }).count()).toBe(0);
    expect(await main(other).getByRole('button', { name: 'Delete Well' }).count()).toBe(0);
    expect(await main(other).innerText()).not.toContain('sk-');
    const listed = (await member.client.wells.list()).wells.find((well) => well.wellid === leader.wellid);
    expect(listed?.caravan).toEqual({ caravan_id: caravanId, name: caravanName });
    expect(listed && 'AUTH_MODEL_KEY' in listed).toBe(false);

    // The member's own view of the policy and of their use.
    await openCaravan(other, app.origin);
    await section(other, 'Policy').getByText('openai-compatible/*').waitFor();
    await section(other, 'This month').getByText('Your queries this month').waitFor();
    await section(other, 'This month').getByText('0 of 5').waitFor();

    const logbook = await member.client.logbooks.create({
      title: uniqueName('Caravan log '),
      logwell: leader.wellid,
    });
    await other.goto(`${app.origin}/logbooks/${logbook.logid}`);
    const scribe = other.getByRole('textbox', { name: 'Scribe' });
    await scribe.fill('How far is Samarkand?');
    await scribe.press('Enter');
    await row(other, 'Echo: How far is Samarkand?').getByRole('button', { name: 'Regenerate' }).waitFor();

    await openCaravan(other, app.origin);
    await section(other, 'This month').getByText('1 of 5').waitFor();
  });

  test('shows the use to the leader by member, model and day, with charts and a CSV download', async ({
    app,
    tab,
    owner: leader,
  }) => {
    const { page } = tab;
    await openCaravan(page, app.origin);
    await section(page, 'This month').getByText(`${member.username}’s queries this month`).waitFor();
    await section(page, 'This month').getByText('1 of 5').waitFor();

    const usage = section(page, 'Usage');
    const table = usage.getByRole('table', { name: 'Usage by member' });
    const memberRow = table.getByRole('row').filter({ hasText: member.username });
    await memberRow.waitFor();
    expect((await memberRow.getByRole('cell').allInnerTexts())[1]).toBe('1');
    await usage
      .getByRole('img', { name: 'Tokens by member' })
      .locator('svg.recharts-surface')
      .first()
      .waitFor();

    await groupBy(page, 'Model').click();
    await usage
      .getByRole('table', { name: 'Usage by model' })
      .getByRole('row')
      .filter({ hasText: 'openai-compatible/llama3.2' })
      .waitFor();
    await groupBy(page, 'Day').click();
    const today = new Date().toISOString().slice(0, 10);
    await usage
      .getByRole('table', { name: 'Usage by day' })
      .getByRole('row')
      .filter({ hasText: today })
      .waitFor();
    await usage.getByRole('img', { name: 'Tokens by day' }).locator('svg.recharts-surface').first().waitFor();

    await groupBy(page, 'Well').click();
    await usage
      .getByRole('table', { name: 'Usage by well' })
      .getByRole('row')
      .filter({ hasText: leader.wellTitle })
      .waitFor();
    await groupBy(page, 'Member').click();
    await table.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      usage.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^caravan-usage-member-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('queries');
    expect(lines.some((line) => line.startsWith(`${member.username},1,`))).toBe(true);
  });

  test('lists every change in the audit log, newest first', async ({ tab }) => {
    const { page } = tab;
    const audit = section(page, 'Audit log').getByRole('list', { name: 'Audit log' });
    await audit.getByRole('listitem').first().waitFor();
    const whats = await audit.getByRole('listitem').allInnerTexts();
    const order = ['Changed the policy', 'Shared a well', 'Joined', 'Invited', 'Created the caravan'];
    const positions = order.map((what) => whats.findIndex((line) => line.includes(what)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(whats.find((line) => line.includes('Invited'))).toContain(member.username);
    expect(whats.find((line) => line.includes('Changed the policy'))).toContain('member monthly queries: 5');
  });

  test('looks right in light and dark, and fits a 390 px phone', async ({ app, tab }) => {
    const { page } = tab;
    await openCaravan(page, app.origin);
    await section(page, 'Usage')
      .getByRole('img', { name: 'Tokens by member' })
      .locator('svg')
      .first()
      .waitFor();
    await page.mouse.move(0, 0);
    await shootBothThemes(page, 'caravan-leader');

    await page.setViewportSize({ width: 390, height: 844 });
    await openCaravan(page, app.origin);
    await section(page, 'Usage')
      .getByRole('img', { name: 'Tokens by member' })
      .locator('svg')
      .first()
      .waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'caravan-leader-390-light');

    const other = memberPage();
    await other.setViewportSize({ width: 390, height: 844 });
    await openCaravan(other, app.origin);
    await section(other, 'This month').getByText('1 of 5').waitFor();
    await section(other, 'Usage')
      .getByRole('img', { name: 'Tokens by member' })
      .locator('svg')
      .first()
      .waitFor();
    await other.waitForTimeout(300);
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(other, 'caravan-member-390-light');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('holds the member to a lowered cap: the refusal names it and the provider is never asked', async ({
    app,
    tab,
    owner: leader,
  }) => {
    const { page } = tab;
    await openCaravan(page, app.origin);
    const policy = section(page, 'Policy');
    await policy.getByRole('textbox', { name: 'Member monthly queries' }).fill('1');
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await policy.getByText('Policy saved.', { exact: false }).waitFor();
    await section(page, 'This month').getByText('1 of 1 · reached').waitFor();

    const other = memberPage();
    const logbook = await member.client.logbooks.create({
      title: uniqueName('Over cap '),
      logwell: leader.wellid,
    });
    await other.goto(`${app.origin}/logbooks/${logbook.logid}`);
    const before = app.fake.requests.length;
    const scribe = other.getByRole('textbox', { name: 'Scribe' });
    await scribe.fill('One more question?');
    await scribe.press('Enter');
    await main(other)
      .getByText(`Monthly query quota of 1 reached in caravan "${caravanName}".`)
      .first()
      .waitFor();
    expect(app.fake.requests.length).toBe(before);

    await openCaravan(other, app.origin);
    await section(other, 'This month').getByText('1 of 1 · reached').waitFor();
  });

  test('logs no console errors in either browser', ({ tab }) => {
    expect(tab.errors).toEqual([]);
    expect(memberBrowser?.errors).toEqual([]);
  });
});
