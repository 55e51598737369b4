import { EXAMPLE_LOGBOOKS } from '@caravanserai/api';
import { createFakeWell } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { createJournal, signUpAndLogIn, storedToken, uniqueName } from '../support/flows.js';
import { shootBothThemes } from '../support/screenshots.js';
import { chooseInLogbookMenu, openLogbookMenu } from '../support/workspace.js';

test.use({ appOptions: {} });
test.describe.configure({ mode: 'serial' });

const EXAMPLE = EXAMPLE_LOGBOOKS[0];

/** The logid of the logbook page the browser is on. */
function logidOf(page: Page): string {
  const match = /\/logbooks\/([^/]+)$/.exec(new URL(page.url()).pathname);
  if (!match?.[1] || match[1] === 'create' || match[1] === 'list')
    throw new Error(`Not a logbook page: ${page.url()}`);
  return decodeURIComponent(match[1]);
}

async function waitForLogbookPage(page: Page, origin: string): Promise<string> {
  await page.waitForURL(
    (url) => url.href.startsWith(`${origin}/logbooks/`) && !url.pathname.endsWith('/create/'),
  );
  return logidOf(page);
}

test.describe('logbooks, signed out', () => {
  test('shows the empty list with hints to log in and to create a logbook', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logbooks/list/`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Your Logbooks' }).waitFor();
    await main.getByText('No logbooks found.', { exact: true }).waitFor();
    await main.getByText('You may need to login, then create a logbook.', { exact: true }).waitFor();
    expect(await main.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/login/');
    expect(await main.getByRole('link', { name: 'Create a Logbook' }).getAttribute('href')).toBe(
      '/logbooks/create/',
    );
  });

  test('reads a public example without a Settings button', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logbooks/${EXAMPLE.logid}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: EXAMPLE.title }).waitFor();
    await main.getByText('owner: caravanserai', { exact: true }).waitFor();
    await main.getByText('START', { exact: true }).waitFor();
    await main.getByText('END', { exact: true }).waitFor();
    await main.getByText('Comments are notes for you.', { exact: false }).first().waitFor();
    const menu = await openLogbookMenu(page);
    expect(await menu.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await main.getByText('This Logbook is Forbidden...').count()).toBe(0);
  });
});

test.describe('logbooks, signed in', () => {
  let username = '';
  let token = '';
  let jid = '';
  let journalTitle = '';
  let wellid = '';
  let wellTitle = '';
  let logid = '';
  let title = '';
  let defaultLogid = '';

  test('offers New Logbook, Load Logbook and the way to journals on the logbooks home', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    username = await signUpAndLogIn(page, app.origin, 'zaynab');
    token = await storedToken(page);
    await page.goto(`${app.origin}/logbooks/`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Logbooks', exact: true }).waitFor();
    expect(await main.getByRole('link', { name: 'New Logbook' }).getAttribute('href')).toBe(
      '/logbooks/create/',
    );
    expect(await main.getByRole('link', { name: 'Load Logbook' }).getAttribute('href')).toBe(
      '/logbooks/list/',
    );
    expect(await main.getByRole('link', { name: 'Go to Journals' }).getAttribute('href')).toBe('/journals/');
  });

  test('creates a logbook in a journal with a well, private by default, and opens it', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    journalTitle = uniqueName('Bukhara Journal ');
    jid = await createJournal(page, app.origin, journalTitle);
    wellTitle = uniqueName('Oasis Well ');
    const well = await createFakeWell(app.server.client(token), app.fake, {
      title: wellTitle,
      AUTH_MODEL_KEY: 'sk-e2e-logbooks-0123456789',
    });
    wellid = well.wellid;

    await page.goto(`${app.origin}/logbooks/`);
    await page.getByRole('main').getByRole('link', { name: 'New Logbook' }).click();
    await page.waitForURL(`${app.origin}/logbooks/create/`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'New Logbook' }).waitFor();
    const titleField = main.getByRole('textbox', { name: 'Title' });
    const journalSelect = main.getByRole('combobox', { name: 'Select Journal' });
    const wellSelect = main.getByRole('combobox', { name: 'Select Well' });
    const privateBox = main.getByRole('checkbox', { name: 'Private' });
    await titleField.waitFor();
    expect(await privateBox.isChecked()).toBe(true);
    expect(await journalSelect.locator('option', { hasText: journalTitle }).count()).toBe(1);
    expect(await wellSelect.locator('option', { hasText: wellTitle }).count()).toBe(1);
    await shootBothThemes(page, 'logbook-create');

    title = uniqueName('Registan at Dusk ');
    await titleField.fill(title);
    await journalSelect.selectOption({ label: journalTitle });
    await wellSelect.selectOption({ label: wellTitle });
    await main.getByRole('button', { name: 'Submit' }).click();
    logid = await waitForLogbookPage(page, app.origin);

    await main.getByRole('heading', { level: 1, name: title }).waitFor();
    await main.getByText(`owner: ${username}`, { exact: true }).waitFor();
    const usingWell = main.getByRole('link', { name: `Using Well: ${wellTitle}`, exact: true });
    expect(await usingWell.getAttribute('href')).toBe(`/wells/${wellid}`);
    await main.getByText('START', { exact: true }).waitFor();
    await main.getByText('END', { exact: true }).waitFor();
    const menu = await openLogbookMenu(page);
    expect(await menu.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe(
      `/logbooks/${logid}/manage`,
    );
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await shootBothThemes(page, 'logbook-detail');

    const saved = await app.server.client(token).logbooks.get(logid);
    expect(saved).toMatchObject({ title, journal: jid, logwell: wellid, private: true, salted: false });
    expect(saved.owner.username).toBe(username);
  });

  test("preselects the journal when a journal's Create Logbook button is used", async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/journals/${jid}`);
    const main = page.getByRole('main');
    await main.getByRole('link').filter({ hasText: title }).waitFor();
    await main.getByRole('link', { name: 'Create Logbook' }).click();
    await page.waitForURL((url) => url.pathname === '/logbooks/create/');
    const journalSelect = main.getByRole('combobox', { name: 'Select Journal' });
    await journalSelect.waitFor();
    expect(await journalSelect.inputValue()).toBe(jid);
  });

  test("names a logbook with a blank title 'Default'", async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logbooks/create/`);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Title' }).waitFor();
    const privateBox = main.getByRole('checkbox', { name: 'Private' });
    await privateBox.uncheck();
    await main.getByRole('button', { name: 'Submit' }).click();
    defaultLogid = await waitForLogbookPage(page, app.origin);
    await main.getByRole('heading', { level: 1, name: 'Default', exact: true }).waitFor();
    // Without a well the header names none.
    expect(await main.getByText(/^Using Well:/).count()).toBe(0);
    const saved = await app.server.client(token).logbooks.get(defaultLogid);
    expect(saved).toMatchObject({ title: 'Default', journal: null, logwell: null, private: false });
  });

  test('lists the logbooks, most recently modified first', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logbooks/`);
    await page.getByRole('main').getByRole('link', { name: 'Load Logbook' }).click();
    await page.waitForURL(`${app.origin}/logbooks/list/`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Your Logbooks' }).waitFor();
    const cards = main.getByRole('list', { name: 'Logbooks' }).getByRole('link');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    expect(await cards.nth(0).getAttribute('href')).toBe(`/logbooks/${defaultLogid}`);
    expect(await cards.nth(1).getAttribute('href')).toBe(`/logbooks/${logid}`);
    await cards.nth(1).getByText(title, { exact: true }).waitFor();
  });

  test('opens the settings with every field filled in, and will not save without a title', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logbooks/${logid}`);
    const main = page.getByRole('main');
    await chooseInLogbookMenu(page, 'Settings');
    await page.waitForURL(`${app.origin}/logbooks/${logid}/manage`);
    const titleField = main.getByRole('textbox', { name: 'Title' });
    await titleField.waitFor();
    expect(await titleField.inputValue()).toBe(title);
    expect(await titleField.getAttribute('required')).not.toBeNull();
    expect(await main.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('');
    expect(await main.getByRole('combobox', { name: 'Journal ID' }).inputValue()).toBe(jid);
    expect(await main.getByRole('combobox', { name: 'Well ID' }).inputValue()).toBe(wellid);
    expect(await main.getByRole('checkbox', { name: 'Private' }).isChecked()).toBe(true);
    expect(await main.getByRole('checkbox', { name: 'Salted' }).isChecked()).toBe(false);
    await shootBothThemes(page, 'logbook-manage');

    let puts = 0;
    const count = (r: { method(): string }) => {
      if (r.method() === 'PUT') puts += 1;
    };
    page.on('request', count);
    await titleField.fill('');
    await main.getByRole('button', { name: 'Save' }).click();
    await main.getByText('Title is required', { exact: true }).waitFor();
    page.off('request', count);
    expect(puts).toBe(0);
    expect(page.url()).toBe(`${app.origin}/logbooks/${logid}/manage`);
  });

  test('saves title, description, journal, well and flags, then shows the logbook', async ({ app, tab }) => {
    const { page } = tab;
    const client = app.server.client(token);
    const otherJournal = await client.journals.create({ title: uniqueName('Khiva Journal ') });
    const otherWell = await createFakeWell(client, app.fake, {
      title: uniqueName('Second Well '),
      AUTH_MODEL_KEY: 'sk-e2e-second-0123456789',
      origin_loc: 'openai-compatible/qwen2.5',
    });

    await page.goto(`${app.origin}/logbooks/${logid}/manage`);
    const main = page.getByRole('main');
    const titleField = main.getByRole('textbox', { name: 'Title' });
    await titleField.waitFor();
    const renamed = uniqueName('Registan Revisited ');
    const description = 'Notes from the second visit: the light at dusk, the tile work.';
    await titleField.fill(renamed);
    await main.getByRole('textbox', { name: 'Description' }).fill(description);
    await main.getByRole('combobox', { name: 'Journal ID' }).selectOption({ label: otherJournal.title });
    await main.getByRole('combobox', { name: 'Well ID' }).selectOption({ label: otherWell.title });
    await main.getByRole('checkbox', { name: 'Private' }).uncheck();
    await main.getByRole('checkbox', { name: 'Salted' }).check();
    await main.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(`${app.origin}/logbooks/${logid}`);
    await main.getByRole('heading', { level: 1, name: renamed }).waitFor();
    await main.getByText(description, { exact: true }).waitFor();
    const usingWell = main.getByRole('link', { name: `Using Well: ${otherWell.title}`, exact: true });
    expect(await usingWell.getAttribute('href')).toBe(`/wells/${otherWell.wellid}`);
    await main.getByText('Salted', { exact: true }).waitFor();
    expect(await main.getByText('Private', { exact: true }).count()).toBe(0);
    title = renamed;

    const saved = await client.logbooks.get(logid);
    expect(saved).toMatchObject({
      title: renamed,
      description,
      journal: otherJournal.jid,
      logwell: otherWell.wellid,
      private: false,
      salted: true,
    });
  });

  test('goes back unchanged with Exit Without Saving', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logbooks/${logid}/manage`);
    const main = page.getByRole('main');
    const titleField = main.getByRole('textbox', { name: 'Title' });
    await titleField.waitFor();
    await titleField.fill('A title that is never saved');
    await main.getByRole('textbox', { name: 'Description' }).fill('Nor is this.');
    await main.getByRole('link', { name: 'Exit Without Saving' }).click();
    await page.waitForURL(`${app.origin}/logbooks/${logid}`);
    await main.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByText('A title that is never saved').count()).toBe(0);
    expect((await app.server.client(token).logbooks.get(logid)).title).toBe(title);
  });

  test('puts the edited logbook first in the list, with its description', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logbooks/list/`);
    const main = page.getByRole('main');
    const cards = main.getByRole('list', { name: 'Logbooks' }).getByRole('link');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    const first = cards.nth(0);
    expect(await first.getAttribute('href')).toBe(`/logbooks/${logid}`);
    await first.getByText(title, { exact: true }).waitFor();
    await first
      .getByText('Notes from the second visit: the light at dusk, the tile work.', { exact: true })
      .waitFor();
    expect(await cards.nth(1).getAttribute('href')).toBe(`/logbooks/${defaultLogid}`);
    await shootBothThemes(page, 'logbook-list');

    await first.click();
    await page.waitForURL(`${app.origin}/logbooks/${logid}`);
    await main.getByRole('heading', { level: 1, name: title }).waitFor();
  });

  test("says another user's private logbook is forbidden, on its page and its settings", async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    const other = await app.server.signup('omar');
    const theirs = await other.client.logbooks.create({ title: 'Secret caravan routes', private: true });
    await page.goto(`${app.origin}/logbooks/${theirs.logid}`);
    const main = page.getByRole('main');
    await main.getByText('This Logbook is Forbidden...', { exact: true }).waitFor();
    expect(await main.getByText('Secret caravan routes').count()).toBe(0);

    await page.goto(`${app.origin}/logbooks/${theirs.logid}/manage`);
    await main.getByText('This Logbook is Forbidden...', { exact: true }).waitFor();
    expect(await main.getByRole('textbox', { name: 'Title' }).count()).toBe(0);
  });

  test('shows a public example to a signed-in reader without a Settings button', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logbooks/${EXAMPLE.logid}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: EXAMPLE.title }).waitFor();
    // The header's user link shows the session is known before Settings is looked for.
    await page.getByRole('banner').getByRole('link', { name: username }).waitFor();
    const menu = await openLogbookMenu(page);
    await menu.getByRole('menuitem', { name: 'Export as .xml file' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
