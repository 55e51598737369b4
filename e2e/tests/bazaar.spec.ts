import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { entry } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { expect, withLogbook } from '../support/fixtures.js';
import { logIn, type SignedInUser, signUp, storedToken, uniqueName } from '../support/flows.js';
import { SCREENSHOT_DIR, shoot, shootBothThemes } from '../support/screenshots.js';
import { openTab, type Tab } from '../support/tab.js';
import { logArea, openLogbook, row } from '../support/workspace.js';

/** A word no other listing has, so a search for it finds this file's listing alone. */
const WORD = uniqueName('samarkand').toLowerCase();
const TITLE = `Letters to ${WORD}`;
const ANSWER = [
  'Write to hassan@example.org before the caravan leaves.',
  '',
  'The load is $m = \\rho V$, and in code:',
  '',
  '```js',
  'const camels = 3;',
  '```',
].join('\n');

const test = withLogbook(
  [
    entry('query', 'How do I write to the caravan master?', { qid: 'mailq001' }),
    entry('gen', ANSWER, { qid: 'mailq001' }),
    entry('comment', 'Private note: ask about the prices.'),
  ],
  { title: TITLE },
);
/** The reader who stars, forks and reports is also the server's administrator, who hides listings. */
const WARDEN = 'warden';
test.use({ appOptions: { user: 'author', well: true, config: { adminUsernames: [WARDEN] } } });
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };

/** A signed-out visitor's window, and another signed-in user's. */
let visitor: Tab | undefined;
let readerTab: Tab | undefined;
let reader: SignedInUser;
/** The listing's page, once published. */
let listingPath = '';

test.beforeAll(async ({ browser, app }) => {
  visitor = await openTab(browser);
  readerTab = await openTab(browser);
  await signUp(readerTab.page, app.origin, WARDEN);
  await logIn(readerTab.page, app.origin, WARDEN);
  const token = await storedToken(readerTab.page);
  reader = { username: WARDEN, token, client: app.server.client(token) };
});
test.afterAll(async () => {
  await visitor?.close();
  await readerTab?.close();
});

const opened = (tab: Tab | undefined): Page => {
  if (!tab) throw new Error('The window is not open.');
  return tab.page;
};
const main = (page: Page) => page.getByRole('main');
const publishDialog = (page: Page) => page.getByRole('dialog', { name: 'Publish to the Bazaar' });
/** Waits for the page's transitions (a dialog fading in) to end, so a picture shows it whole. */
const settled = (page: Page) =>
  page.evaluate(() =>
    // An animation replaced by another (the copy's rows drawn again) ends cancelled, which is settled too.
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );

/**
 * The window with its open dialog, light and dark. The theme toggle sits under the dialog's
 * overlay, so the scheme Mantine's styles follow is switched on the page's root and back.
 */
async function shootDialog(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate(
      (value) => document.documentElement.setAttribute('data-mantine-color-scheme', value),
      scheme,
    );
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${scheme}.png`) });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
}

/** The dialog once settled, light and dark, then (after `more`) on a 390 px phone. */
async function shootDialogOnPhoneToo(page: Page, name: string, more?: () => Promise<void>): Promise<void> {
  await settled(page);
  await shootDialog(page, name);
  await more?.();
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await settled(page);
  await shootDialog(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

test.describe('the Bazaar', () => {
  test('publishes a logbook from its menu once the author has looked at the warnings', async ({
    app,
    tab,
    seeded,
    owner: author,
  }) => {
    const { page } = tab;
    await openLogbook(page, app, seeded.logid);
    await page.getByRole('button', { name: 'Logbook menu' }).click();
    await page.getByRole('menuitem', { name: 'Publish to the Bazaar' }).click();
    const dialog = publishDialog(page);
    await expect(dialog.getByRole('checkbox', { name: 'Questions (query)' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Comments (comment)' })).not.toBeChecked();
    await dialog.getByRole('textbox', { name: 'Summary' }).fill('How to send word ahead of a caravan.');
    await dialog.getByRole('textbox', { name: 'Topics' }).fill('letters, Travel');
    await dialog.getByRole('button', { name: 'Preview' }).click();

    const warnings = dialog.getByRole('list', { name: 'Warnings' });
    await expect(warnings.getByText('E-mail address', { exact: true })).toBeVisible();
    await expect(warnings.getByText('h…@example.org')).toBeVisible();
    // The copy as readers will see it: rendered, without the comment left home.
    const copy = dialog.getByRole('region', { name: 'Log' });
    await expect(copy.getByText('How do I write to the caravan master?')).toBeVisible();
    await expect(copy.locator('.katex').first()).toBeVisible();
    await expect(copy.getByText('Private note')).toHaveCount(0);
    const publish = dialog.getByRole('button', { name: 'Publish', exact: true });
    await expect(publish).toBeDisabled();
    await shootDialogOnPhoneToo(page, 'bazaar-publish-dialog', async () => {
      await publish.scrollIntoViewIfNeeded();
      await shootDialog(page, 'bazaar-publish-dialog-copy');
    });

    await dialog.getByRole('checkbox', { name: /I have looked at these warnings/ }).check();
    await expect(publish).toBeEnabled();
    await publish.click();
    await dialog.getByRole('link', { name: 'Open the listing' }).click();
    await page.waitForURL(/\/bazaar\/[a-z0-9-]+$/);
    listingPath = new URL(page.url()).pathname;

    await expect(main(page).getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(main(page).getByText('CC BY 4.0 (credit the author)')).toBeVisible();
    await expect(main(page).getByRole('list', { name: 'Topics' }).getByText('#travel')).toBeVisible();
    await expect(row(page, 'const camels = 3;')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Star' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Withdraw' })).toBeVisible();

    await main(page).getByRole('link', { name: author.username }).first().click();
    const shelf = main(page).getByRole('region', { name: 'In the Bazaar' });
    await expect(shelf.getByRole('article', { name: TITLE })).toBeVisible();
  });

  test('is found in the gallery by a signed-out visitor, by words and by topic', async ({ app }) => {
    const page = opened(visitor);
    await page.goto(`${app.origin}/bazaar/`);
    await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: 'Bazaar' })
      .waitFor();
    await main(page).getByRole('searchbox', { name: 'Search the Bazaar' }).fill(WORD);
    await main(page).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${app.origin}/bazaar/?q=${WORD}`);
    const card = main(page).getByRole('article', { name: TITLE });
    await expect(card).toBeVisible();
    await expect(main(page).getByText('1 listing found')).toBeVisible();
    await expect(card.getByText('How to send word ahead of a caravan.')).toBeVisible();
    await shootBothThemes(page, 'bazaar-gallery');

    await main(page).getByRole('group', { name: 'Topics' }).getByText('#letters').click();
    await page.waitForURL(/topic=letters/);
    await expect(card).toBeVisible();
    await main(page).getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Most starred' }).click();
    await page.waitForURL(/sort=stars/);

    await card.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`${app.origin}${listingPath}`);
    await expect(logArea(page).getByText('How do I write to the caravan master?')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Login to fork' })).toHaveAttribute('href', '/login/');
    // The answer drawn as the workspace draws it: Markdown, code and formulas.
    await expect(logArea(page).locator('.katex').first()).toBeVisible();
    await expect(logArea(page).locator('pre code').first()).toContainText('const camels = 3;');
    await shootBothThemes(page, 'bazaar-listing');

    await page.setViewportSize(PHONE);
    await page.goto(`${app.origin}/bazaar/?q=${WORD}`);
    await expect(card).toBeVisible();
    await shoot(page, 'bazaar-gallery-390');
    await page.goto(`${app.origin}${listingPath}`);
    await expect(logArea(page).locator('.katex').first()).toBeVisible();
    await shoot(page, 'bazaar-listing-390');
  });

  test('is starred and forked by another user, who lands in a logbook of their own', async ({ app }) => {
    const page = opened(readerTab);
    await page.goto(`${app.origin}${listingPath}`);
    await main(page).getByRole('button', { name: 'Star' }).click();
    await expect(main(page).getByRole('button', { name: 'Unstar' })).toHaveAttribute('aria-pressed', 'true');
    await expect(main(page).getByText('1 star', { exact: true })).toBeAttached();

    await main(page).getByRole('button', { name: 'Fork' }).click();
    await page.waitForURL(/\/logbooks\/[^/]+$/);
    const logid = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    await expect(row(page, 'How do I write to the caravan master?')).toBeVisible();
    await expect(row(page, 'const camels = 3;')).toBeVisible();
    await expect(main(page).getByText(/^Forked from/)).toBeVisible();
    const fork = await reader.client.logbooks.get(logid);
    expect(fork.owner.username).toBe(reader.username);
    expect(fork.forked_from?.author.username).not.toBe(reader.username);

    await page.goto(`${app.origin}${listingPath}`);
    await expect(main(page).getByText('1 fork', { exact: true })).toBeAttached();
  });

  test('is reported, and hidden and shown again by an administrator', async ({ app }) => {
    const page = opened(readerTab);
    await page.goto(`${app.origin}${listingPath}`);
    await main(page).getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('It names a real address.');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expect(dialog).toHaveCount(0);

    await page.goto(`${app.origin}/admin/`);
    const report = main(page).getByRole('listitem', { name: `Report on ${TITLE}` });
    await expect(report.getByText('It names a real address.')).toBeVisible();
    await report.getByRole('button', { name: 'Hide' }).click();
    await expect(report.getByText('Hidden', { exact: true })).toBeVisible();
    await shootBothThemes(page, 'bazaar-admin-reports');
    const visitorPage = opened(visitor);
    await visitorPage.goto(`${app.origin}${listingPath}`);
    await expect(main(visitorPage).getByText('Removed by the moderators.')).toBeVisible();

    await report.getByRole('button', { name: 'Show' }).click();
    await expect(report.getByRole('button', { name: 'Hide' })).toBeVisible();
    await visitorPage.reload();
    await expect(main(visitorPage).getByRole('link', { name: 'Login to fork' })).toBeVisible();
  });

  test('gets a new version from its author, previewed as the first was; the first stays readable', async ({
    app,
    tab,
    seeded,
    owner: author,
  }) => {
    const { page } = tab;
    await author.client.entries.write({
      logid: seeded.logid,
      tag: 'gen',
      content: 'Letters also go by the evening post.',
    });
    await page.goto(`${app.origin}${listingPath}`);
    await main(page).getByRole('button', { name: 'Publish a new version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish a new version' });
    await expect(dialog.getByRole('textbox', { name: 'Summary' })).toHaveValue(
      'How to send word ahead of a caravan.',
    );
    await dialog.getByRole('button', { name: 'Preview' }).click();
    // The copy as version 2 will be: the entry written since, and the e-mail address still warned of.
    const copy = dialog.getByRole('region', { name: 'Log' });
    await expect(copy.getByText('Letters also go by the evening post.')).toBeVisible();
    await expect(copy.getByText('Private note')).toHaveCount(0);
    await expect(dialog.getByRole('list', { name: 'Warnings' }).getByText('h…@example.org')).toBeVisible();
    const publish = dialog.getByRole('button', { name: 'Publish version 2' });
    await expect(publish).toBeDisabled();
    await shootDialogOnPhoneToo(page, 'bazaar-new-version-dialog');

    await dialog.getByRole('checkbox', { name: /I have looked at these warnings/ }).check();
    await publish.click();
    await dialog.getByRole('link', { name: 'Open the listing' }).click();
    const versions = main(page).getByRole('navigation', { name: 'Versions' });
    await expect(versions.getByText('v2 (shown)')).toBeVisible();
    await expect(row(page, 'Letters also go by the evening post.')).toBeVisible();
    await versions.getByRole('link', { name: 'v1' }).click();
    await expect(versions.getByText('v1 (shown)')).toBeVisible();
    await expect(row(page, 'const camels = 3;')).toBeVisible();
    await expect(main(page).getByText('Letters also go by the evening post.')).toHaveCount(0);
  });

  test('is withdrawn by its author, after which its page shows the tombstone', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}${listingPath}`);
    await main(page).getByRole('button', { name: 'Withdraw' }).click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw this listing?' });
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await expect(main(page).getByText('This listing was withdrawn by its author.')).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

    const visitorPage = opened(visitor);
    await visitorPage.goto(`${app.origin}${listingPath}`);
    await expect(main(visitorPage).getByText('This listing was withdrawn by its author.')).toBeVisible();
    await visitorPage.goto(`${app.origin}/bazaar/?q=${WORD}`);
    await expect(main(visitorPage).getByText('No listing matches this search.')).toBeVisible();
  });

  test('left no errors in any window', async ({ tab }) => {
    expect(tab.errors).toEqual([]);
    expect(opened(visitor) && visitor?.errors).toEqual([]);
    expect(readerTab?.errors).toEqual([]);
  });
});
