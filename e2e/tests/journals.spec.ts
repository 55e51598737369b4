import { expect, test } from '../support/fixtures.js';
import {
  createJournal,
  JOURNAL_NAME_LABEL,
  signUpAndLogIn,
  storedToken,
  uniqueName,
} from '../support/flows.js';
import { shootBothThemes } from '../support/screenshots.js';

test.use({ appOptions: {} });
test.describe.configure({ mode: 'serial' });

test.describe('journals, signed out', () => {
  test('shows the empty list with hints to log in and to create a journal', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/journals/list/`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Your Journals' }).waitFor();
    await main.getByText('No journals found.', { exact: true }).waitFor();
    await main.getByText('You may need to login, then create a journal.', { exact: true }).waitFor();
    expect(await main.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/login/');
    const createLinks = main.locator('a[href="/journals/create/"]');
    // The list's own New Journal button and the empty state's link both lead to the form.
    expect(await createLinks.count()).toBeGreaterThanOrEqual(2);
    expect(await main.getByRole('link', { name: 'Create a Journal' }).getAttribute('href')).toBe(
      '/journals/create/',
    );
  });

  test('says an unknown journal is forbidden', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/journals/${uniqueName('nojournal')}`);
    await expect(
      page.getByRole('main').getByText('This Journal is Forbidden...', { exact: true }),
    ).toBeVisible();
  });
});

test.describe('journals, signed in', () => {
  let username = '';
  let jid = '';
  let title = '';

  test('offers New Journal, Load Journal and the way to logbooks on the journals home', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    username = await signUpAndLogIn(page, app.origin, 'hafiz');
    await page.goto(`${app.origin}/journals/`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Journals', exact: true }).waitFor();
    expect(await main.getByRole('link', { name: 'New Journal' }).getAttribute('href')).toBe(
      '/journals/create/',
    );
    expect(await main.getByRole('link', { name: 'Load Journal' }).getAttribute('href')).toBe(
      '/journals/list/',
    );
    expect(await main.getByRole('link', { name: 'Go to Logbooks' }).getAttribute('href')).toBe('/logbooks/');

    await main.getByRole('link', { name: 'New Journal' }).click();
    await page.waitForURL(`${app.origin}/journals/create/`);
    await page.getByRole('textbox', { name: JOURNAL_NAME_LABEL }).waitFor();
  });

  test('refuses a blank journal name before asking the server', async ({ app, tab }) => {
    const { page } = tab;
    let posts = 0;
    const count = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/journals/')) posts += 1;
    };
    page.on('request', count);
    await page.goto(`${app.origin}/journals/create/`);
    const field = page.getByRole('textbox', { name: JOURNAL_NAME_LABEL });
    expect(await field.getAttribute('required')).not.toBeNull();
    await field.fill('   ');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Title is required', { exact: true }).waitFor();
    page.off('request', count);
    expect(posts).toBe(0);
    expect(page.url()).toBe(`${app.origin}/journals/create/`);
  });

  test('creates a journal and lists it with its title and ID', async ({ app, tab }) => {
    const { page } = tab;
    title = uniqueName('Silk Road Notes ');
    jid = await createJournal(page, app.origin, title);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Your Journals' }).waitFor();
    const card = main.getByRole('link').filter({ hasText: title });
    await card.getByText(title, { exact: true }).waitFor();
    await card.getByText(`Journal ID: ${jid}`, { exact: true }).waitFor();
    expect(await card.getAttribute('href')).toBe(`/journals/${jid}`);
    await shootBothThemes(page, 'journal-list');
  });

  test('opens the journal: title, owner, its logbooks, Create Logbook and Settings', async ({ app, tab }) => {
    const { page } = tab;
    await page.getByRole('main').getByRole('link').filter({ hasText: title }).click();
    await page.waitForURL(`${app.origin}/journals/${jid}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: title }).waitFor();
    await main.getByText('No logbooks in this Journal yet.', { exact: true }).waitFor();

    // A logbook filed in this journal from elsewhere (the API); a fresh load lists it.
    const client = app.server.client(await storedToken(page));
    const logbook = await client.logbooks.create({ title: uniqueName('Samarkand '), journal: jid });
    await page.reload();
    await main.getByRole('heading', { level: 1, name: title }).waitFor();
    const owner = main.getByRole('link', { name: username, exact: true });
    expect(await owner.getAttribute('href')).toBe(`/u/${username}`);
    await main.getByRole('heading', { name: "This Journal's Logbooks" }).waitFor();
    const entry = main.getByRole('link').filter({ hasText: logbook.title });
    await entry.getByText(`Logbook ID: ${logbook.logid}`, { exact: true }).waitFor();
    expect(await entry.getAttribute('href')).toBe(`/logbooks/${logbook.logid}`);
    expect(await main.getByRole('link', { name: 'Create Logbook' }).getAttribute('href')).toMatch(
      /^\/logbooks\/create\//,
    );
    expect(await main.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      `/journals/${jid}/manage`,
    );
    await shootBothThemes(page, 'journal-detail');
  });

  test('renames the journal in Settings and shows the new title', async ({ app, tab }) => {
    const { page } = tab;
    await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${app.origin}/journals/${jid}/manage`);
    const field = page.getByRole('textbox', { name: 'Title' });
    await field.waitFor();
    expect(await field.inputValue()).toBe(title);
    await shootBothThemes(page, 'journal-manage');

    const renamed = uniqueName('Caravan Ledger ');
    await field.fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.origin}/journals/${jid}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: renamed }).waitFor();
    title = renamed;

    // The list shows the new title too.
    await page.goto(`${app.origin}/journals/list/`);
    await page.getByRole('main').getByRole('link').filter({ hasText: renamed }).waitFor();
    const client = app.server.client(await storedToken(page));
    expect((await client.journals.get(jid)).title).toBe(renamed);
  });

  test('refuses a blank title in Settings', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/journals/${jid}/manage`);
    const field = page.getByRole('textbox', { name: 'Title' });
    await field.waitFor();
    await field.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Title is required', { exact: true }).waitFor();
    expect(page.url()).toBe(`${app.origin}/journals/${jid}/manage`);
  });

  test('goes back unchanged with Exit Without Saving', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/journals/${jid}/manage`);
    const field = page.getByRole('textbox', { name: 'Title' });
    await field.waitFor();
    await field.fill('A title that is never saved');
    await page.getByRole('link', { name: 'Exit Without Saving' }).click();
    await page.waitForURL(`${app.origin}/journals/${jid}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByText('A title that is never saved').count()).toBe(0);
    const client = app.server.client(await storedToken(page));
    expect((await client.journals.get(jid)).title).toBe(title);
  });

  test("says another user's journal is forbidden, on its page and its settings", async ({ app, tab }) => {
    const { page } = tab;
    const other = await app.server.signup('yusuf');
    const theirs = await other.client.journals.create({ title: 'Not yours to read' });
    await page.goto(`${app.origin}/journals/${theirs.jid}`);
    const main = page.getByRole('main');
    await main.getByText('This Journal is Forbidden...', { exact: true }).waitFor();
    expect(await main.getByText('Not yours to read').count()).toBe(0);

    await page.goto(`${app.origin}/journals/${theirs.jid}/manage`);
    await main.getByText('This Journal is Forbidden...', { exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Title' }).count()).toBe(0);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
