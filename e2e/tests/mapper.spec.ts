import { createFakeWell } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { storedToken } from '../support/flows.js';
import { shootBothThemes } from '../support/screenshots.js';

test.use({ appOptions: { user: 'mapper' } });
test.describe.configure({ mode: 'serial' });

/** What the terminal shows, row by row (xterm's DOM renderer draws rows as elements). */
const screen = (page: Page) => page.locator('.xterm-rows').innerText();

async function waitForScreen(page: Page, text: string | RegExp): Promise<string> {
  let last = '';
  await expect
    .poll(
      async () => {
        last = await screen(page);
        return typeof text === 'string' ? last.includes(text) : text.test(last);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return last;
}

async function run(page: Page, command: string, expected: string | RegExp): Promise<string> {
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
  return waitForScreen(page, expected);
}

async function openMapper(page: Page, origin: string, username: string): Promise<void> {
  await page.goto(`${origin}/shell/`);
  await page.getByRole('application', { name: 'Mapper terminal' }).waitFor();
  await waitForScreen(page, `${username.toLowerCase()}@mapper$`);
  await page.locator('.xterm').click();
}

test.describe('the browser terminal', () => {
  test('is disabled until you log in', async ({ app, browser }) => {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    try {
      await page.goto(`${app.origin}/shell/`);
      await page.getByText('Mapper is disabled until you LOGIN').waitFor();
      expect(await page.getByRole('link', { name: 'LOGIN', exact: true }).getAttribute('href')).toBe(
        '/login/',
      );
    } finally {
      await visitor.close();
    }
  });

  test('creates the default profile on the first visit and uses its colours and size', async ({
    app,
    tab,
    user,
  }) => {
    const token = await storedToken(tab.page);
    await openMapper(tab.page, app.origin, user.username);
    const profiles = await app.server.client(token).mapperProfiles.list();
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ font_size: 14, background_color: '#1e1e1e', rows: 24 });
    const background = await tab.page
      .getByRole('application', { name: 'Mapper terminal' })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(30, 30, 30)');
    await shootBothThemes(tab.page, 'terminal');
  });

  test('lists the commands with help and runs them', async ({ app, tab, user }) => {
    const { page } = tab;
    await openMapper(page, app.origin, user.username);
    expect(await run(page, 'help', 'pilgrim [-l LOGID]')).toContain('pilgrim [-l LOGID]');
    // A new account starts new logbooks with memory on.
    expect(await run(page, 'touch -n "Caravan notes"', /Created Caravan notes \(\w+\), memory on\./)).toMatch(
      /Created Caravan notes \(\w+\), memory on\./,
    );
    expect(await run(page, 'ls', '[0]')).toContain('[0]');
    expect(await run(page, 'bogus', 'Unknown command: bogus')).toContain('Unknown command: bogus');
  });

  test('queries a well and runs pilgrim over unanswered queries', async ({ app, tab, user }) => {
    const { page } = tab;
    const client = app.server.client(await storedToken(page));
    const well = await createFakeWell(client, app.fake, {
      title: 'Fake well',
      AUTH_MODEL_KEY: 'sk-terminal-000000000000',
    });
    const logbook = await client.logbooks.create({
      title: 'Pilgrim route',
      logwell: well.wellid,
      log: '<query qid="aaaa1111">First stop?</query><query qid="bbbb2222">Second stop?</query>',
    });
    await openMapper(page, app.origin, user.username);
    await run(page, `q -r "How far is Bukhara?" -l ${logbook.logid}`, 'Echo: How far is Bukhara?');
    const out = await run(page, `pilgrim -l ${logbook.logid}`, 'Echo: Second stop?');
    expect(out).toContain('Echo: First stop?');
  });

  test('asks before deleting: n keeps the logbook, y deletes it', async ({ app, tab, user }) => {
    const { page } = tab;
    const client = app.server.client(await storedToken(page));
    const logbook = await client.logbooks.create({ title: 'Doomed route' });
    await openMapper(page, app.origin, user.username);
    await run(page, `rm -l ${logbook.logid}`, '(y/n)');
    await page.keyboard.press('x');
    await page.keyboard.press('n');
    await waitForScreen(page, 'Cancelled: nothing was deleted.');
    expect((await client.logbooks.get(logbook.logid)).title).toBe('Doomed route');
    await run(page, `rm -l ${logbook.logid}`, /\(y\/n\) n[\s\S]*\(y\/n\)/);
    await page.keyboard.press('y');
    await waitForScreen(page, 'Logbook deleted successfully.');
    await expect(client.logbooks.get(logbook.logid)).rejects.toMatchObject({ status: 404 });
  });

  test('cancels with Ctrl+C, clears with Ctrl+L and keeps history across reloads', async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    await openMapper(page, app.origin, user.username);
    await page.keyboard.type('echo never sent');
    await page.keyboard.press('Control+C');
    await waitForScreen(page, 'Process cancelled. (Ctrl + C)');
    // Quoted so the typed line never shows the word the output is recognised by.
    await run(page, 'echo "remem"bered', 'remembered');
    await page.keyboard.press('Control+L');
    await expect.poll(async () => (await screen(page)).includes('remembered'), { timeout: 5000 }).toBe(false);

    await page.reload();
    await openMapper(page, app.origin, user.username);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await waitForScreen(page, 'remembered');
    const history: unknown = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('commandHistory'))) ?? '[]',
    );
    expect(Array.isArray(history) && history[0]).toBe('echo "remem"bered');
  });

  test('ignores a corrupt saved history', async ({ app, tab, user }) => {
    const { page } = tab;
    await page.evaluate(() => localStorage.setItem('commandHistory', '{not json'));
    await openMapper(page, app.origin, user.username);
    expect(await run(page, 'echo "still" works', 'still works')).toContain('still works');
  });

  test('opens a logbook page with open -l, and exit goes home', async ({ app, tab, user }) => {
    const { page } = tab;
    const client = app.server.client(await storedToken(page));
    const logbook = await client.logbooks.create({ title: 'Opened from the terminal' });
    await openMapper(page, app.origin, user.username);
    await page.keyboard.type(`open -l ${logbook.logid}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${app.origin}/logbooks/${logbook.logid}`);
    await openMapper(page, app.origin, user.username);
    await page.keyboard.type('exit');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${app.origin}/`);
  });

  test('changes the font size with mapper up and down, and keeps it', async ({ app, tab, user }) => {
    const { page } = tab;
    const client = app.server.client(await storedToken(page));
    await openMapper(page, app.origin, user.username);
    const fontSize = () =>
      page.locator('.xterm-rows').evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    const before = await fontSize();
    await run(page, 'mapper up', '15');
    await expect.poll(fontSize).toBe(before + 1);
    expect((await client.mapperProfiles.list())[0]?.font_size).toBe(15);
    await page.reload();
    await openMapper(page, app.origin, user.username);
    expect(await fontSize()).toBe(before + 1);
    await run(page, 'mapper down', '14');
    await expect.poll(async () => (await client.mapperProfiles.list())[0]?.font_size).toBe(14);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
