import { EXAMPLE_LOGBOOKS } from '@caravanserai/api';
import { entry, storedEntries } from '@caravanserai/test-kit';
import { expect, withLogbook } from '../support/fixtures.js';
import { shootBothThemes } from '../support/screenshots.js';
import { openTab } from '../support/tab.js';
import {
  fitViewportToPage,
  logArea,
  openLogbook,
  openLogbookMenu,
  row,
  shellRun,
  tagOf,
  waitForTag,
} from '../support/workspace.js';

const test = withLogbook([
  entry('context', 'Be brief.'),
  entry('query', 'Where is Merv?', { qid: 'liveq001' }),
  entry('gen', 'In Turkmenistan, near Mary.', { qid: 'liveq001' }),
]);
test.use({ appOptions: { user: 'salter', well: true } });
test.describe.configure({ mode: 'serial' });

test.describe('the workspace, live and salted', () => {
  test('shows each tab the entries the other adds, without a reload', async ({ app, tab, seeded }) => {
    const { page, context } = tab;
    await openLogbook(page, app, seeded.logid);
    const other = await context.newPage();
    await openLogbook(other, app, seeded.logid);

    await page.getByRole('switch', { name: 'Comment Mode' }).check();
    await page.getByRole('textbox', { name: 'Scribe' }).fill('Written in the first tab.');
    await page.getByRole('textbox', { name: 'Scribe' }).press('Enter');
    await waitForTag(row(other, 'Written in the first tab.'), 'comment');
    expect(await tagOf(row(other, 'Written in the first tab.'))).toBe('comment');

    await other.getByRole('radiogroup', { name: 'View' }).getByText('Shell', { exact: true }).click();
    await shellRun(other, 'context Written in the second tab.');
    await waitForTag(row(page, 'Written in the second tab.'), 'context');
    expect(await tagOf(row(page, 'Written in the second tab.'))).toBe('context');
    await other.getByRole('radiogroup', { name: 'View' }).getByText('Chat', { exact: true }).click();
    await other.close();
    await page.getByRole('switch', { name: 'Comment Mode' }).uncheck();
  });

  test('picks up entries written elsewhere (the CLI, another browser) through the server’s events', async ({
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    // The page listens to the logbook's events stream, and has no timer asking for the version.
    const versionAsks: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().endsWith(`/logbooks/${seeded.logid}/version/`)) versionAsks.push(request.url());
    };
    page.on('request', onRequest);
    await owner.client.entries.write({
      logid: seeded.logid,
      tag: 'comment',
      content: 'Written from the command line.',
    });
    await waitForTag(row(page, 'Written from the command line.'), 'comment');
    expect(await tagOf(row(page, 'Written from the command line.'))).toBe('comment');
    page.off('request', onRequest);
    expect(versionAsks).toEqual([]);
  });

  test('falls back to asking for the version every few seconds when the events cannot be heard', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    await page.route('**/api/journals/logbooks/*/events/', (route) =>
      route.fulfill({ status: 503, json: { detail: 'Unavailable.' } }),
    );
    try {
      await openLogbook(page, app, seeded.logid);
      await owner.client.entries.write({
        logid: seeded.logid,
        tag: 'comment',
        content: 'Written while nobody listened.',
      });
      // The version is asked for every 4 s while the tab is visible.
      await waitForTag(row(page, 'Written while nobody listened.'), 'comment');
    } finally {
      await page.unroute('**/api/journals/logbooks/*/events/');
    }
  });

  test('shows an owner at phone width', async ({ app, tab, seeded }) => {
    const { page } = tab;
    await page.setViewportSize({ width: 390, height: 844 });
    await openLogbook(page, app, seeded.logid);
    await page.getByRole('textbox', { name: 'Scribe' }).waitFor();
    const restore = await fitViewportToPage(page);
    await shootBothThemes(page, 'workspace-phone');
    await restore();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('freezes a salted logbook: no Scribe, no entry buttons, a Salted badge and the fork button', async ({
    app,
    tab,
    seeded,
  }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logbooks/${seeded.logid}/manage`);
    await page.getByRole('checkbox', { name: 'Salted' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.origin}/logbooks/${seeded.logid}`);
    const main = page.getByRole('main');
    await main.getByText('Salted', { exact: true }).waitFor();
    await main.getByRole('button', { name: 'Fork Salted Logbook' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Scribe' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Shell' }).count()).toBe(0);
    expect(await page.getByRole('radiogroup', { name: 'View' }).count()).toBe(0);
    const answer = row(page, 'In Turkmenistan');
    await answer.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    for (const label of ['Comment', 'Context', 'Mirage', 'Delete', 'Edit', 'Regenerate']) {
      expect(await answer.getByRole('button', { name: label, exact: true }).count()).toBe(0);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const restore = await fitViewportToPage(page);
    await shootBothThemes(page, 'workspace-salted');
    await restore();
  });

  test("says 'Error forking logbook' when the fork fails", async ({ app, tab, seeded }) => {
    const { page } = tab;
    await page.route('**/api/journals/logbooks/*/fork/', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Server error.' } }),
    );
    await page.getByRole('button', { name: 'Fork Salted Logbook' }).click();
    await page.getByText('Error forking logbook', { exact: true }).waitFor();
    await page.unroute('**/api/journals/logbooks/*/fork/');
    expect(page.url()).toBe(`${app.origin}/logbooks/${seeded.logid}`);
  });

  test('forks it into an editable private copy and opens the copy', async ({ tab, owner, seeded }) => {
    const { page } = tab;
    await page.getByRole('button', { name: 'Fork Salted Logbook' }).click();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/logbooks/') && !url.pathname.endsWith(seeded.logid),
    );
    const forkId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
    await page.getByRole('textbox', { name: 'Scribe' }).waitFor();
    await row(page, 'In Turkmenistan').getByRole('button', { name: 'Mirage', exact: true }).waitFor();
    const fork = await owner.client.logbooks.get(forkId);
    expect(fork).toMatchObject({ forked: true, salted: false, private: true });
    expect(await storedEntries(owner.client, forkId)).toEqual(
      await storedEntries(owner.client, seeded.logid),
    );
  });

  test('offers another reader of a public salted logbook the fork, but no editing', async ({ app, tab }) => {
    const { page } = tab;
    const example = EXAMPLE_LOGBOOKS[0];
    await openLogbook(page, app, example.logid);
    await page.getByRole('button', { name: 'Fork Salted Logbook' }).waitFor();
    // The menu offers a reader the exports only.
    const menu = await openLogbookMenu(page);
    await menu.getByRole('menuitem', { name: 'Export as .xml file' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'Delete Logbook' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await logArea(page).getByRole('button', { name: 'Comment', exact: true }).count()).toBe(0);
  });

  test('lets a signed-out visitor read a public logbook only, pointing to Login to fork it', async ({
    app,
    browser,
  }) => {
    const visitor = await openTab(browser);
    try {
      const example = EXAMPLE_LOGBOOKS[0];
      await openLogbook(visitor.page, app, example.logid);
      await row(visitor.page, 'Comments are notes for you.').waitFor();
      expect(await visitor.page.getByRole('textbox', { name: 'Scribe' }).count()).toBe(0);
      expect(await visitor.page.getByRole('button', { name: 'Fork Salted Logbook' }).count()).toBe(0);
      expect(await logArea(visitor.page).getByRole('button', { name: 'Delete', exact: true }).count()).toBe(
        0,
      );
      const login = visitor.page.getByRole('main').getByRole('link', { name: 'Log in' });
      expect(await login.getAttribute('href')).toBe('/login/');
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
