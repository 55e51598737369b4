import { serializeLog } from '@caravanserai/logbook';
import { entry } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { chatGptConversation, chatGptExport, turnsWith } from '../support/chat-exports.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueName } from '../support/flows.js';
import { countLogReads } from '../support/workspace.js';

test.use({ appOptions: { user: 'leyla' } });
test.describe.configure({ mode: 'serial' });

// A word no other entry holds, far down a long conversation, so opening at it has to scroll.
const RARE = 'quokkazanzibar';
const TURNS = 40;
const AT = 33;
const title = uniqueName('Long road ');
const SHOTS = '/tmp/shots';

async function shots(page: Page, name: string): Promise<void> {
  const scheme = async (dark: boolean) => {
    await page.evaluate((value) => localStorage.setItem('theme', value), dark ? 'dark' : 'light');
    await page.reload();
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(300);
  };
  await page.setViewportSize({ width: 1280, height: 860 });
  await scheme(false);
  await page.screenshot({ path: `${SHOTS}/${name}-light.png`, fullPage: true });
  await scheme(true);
  await page.screenshot({ path: `${SHOTS}/${name}-dark.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-phone-dark.png`, fullPage: true });
  await scheme(false);
  await page.screenshot({ path: `${SHOTS}/${name}-phone-light.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow, `${name} on a phone`).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 860 });
}

test.beforeAll(async ({ user }) => {
  const file = chatGptExport([
    chatGptConversation(
      uniqueName('long-'),
      title,
      turnsWith(TURNS, AT, `Did the caravan meet a ${RARE} at the oasis?`),
    ),
    chatGptConversation(
      uniqueName('short-'),
      uniqueName('Short stop '),
      turnsWith(2, 0, 'Where is the C++ compiler?'),
    ),
  ]);
  const { job_id } = await user.client.imports.start(new Blob([new Uint8Array(file)]), 'conversations.json');
  for (let tries = 0; ; tries += 1) {
    const job = await user.client.imports.get(job_id);
    if (job.status === 'done') break;
    if (job.status === 'failed' || tries > 300) throw new Error(`The import did not finish: ${job.detail}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

test.describe('search', () => {
  test('finds an entry from the header and opens the logbook at it, the hit in view', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${app.origin}/logbooks/`);
    await page.getByRole('main').getByRole('heading', { name: 'Logbooks', exact: true }).waitFor();
    // The header's signed-in controls (search among them) appear once the user is known.
    await page.getByRole('banner').getByRole('button', { name: 'New Logbook' }).waitFor();
    // `/` outside a text box leads to search (the box in the header is on wider screens only).
    await page.keyboard.press('/');
    await page.waitForURL(`${app.origin}/search/`);
    const box = page.getByRole('searchbox', { name: 'Search your logbooks' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(RARE);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.origin}/search/?q=${RARE}`);

    const results = page.getByRole('list', { name: 'Search results' });
    const hit = results.locator('mark', { hasText: RARE });
    await hit.first().waitFor();
    await page.getByRole('main').getByText('1 result', { exact: true }).waitFor();
    await results.getByText('query', { exact: true }).waitFor();
    await shots(page, 'search-results');

    await results.getByRole('link', { name: title }).click();
    await page.waitForURL(/\/logbooks\/[^/#]+#entry-\d+$/);
    // The highlight lasts a few seconds: watched for from the start, beside the scroll.
    const highlighted = expect(page.locator('li[class*="highlight"]').filter({ hasText: RARE })).toBeVisible({
      timeout: 30_000,
    });
    const entry = page.getByRole('region', { name: 'Log' }).getByText(RARE);
    await entry.waitFor();
    await expect
      .poll(
        () =>
          entry.evaluate((el) => {
            const rect = el.getBoundingClientRect();
            return rect.top >= 0 && rect.bottom <= window.innerHeight;
          }),
        { intervals: [50] },
      )
      .toBe(true);
    await highlighted;
    await page.screenshot({ path: `${SHOTS}/logbook-at-entry.png` });
    expect(tab.errors).toEqual([]);
  });

  test('opens a hit on another branch on that branch, and keeps it chosen', async ({ app, tab, user }) => {
    const { page } = tab;
    const word = 'marmotsamarkand';
    const branched = await user.client.logbooks.create({
      title: uniqueName('Two roads '),
      log: serializeLog([
        entry('query', 'Which road to Samarkand?', { qid: 'roadq001', eid: 'roadq000' }),
        entry('gen', `The northern one, past a ${word}.`, { qid: 'roadq001', eid: 'north000' }),
        entry('gen', 'The southern one.', { qid: 'roadq001', eid: 'south000', parent: 'roadq000' }),
      ]),
    });
    await page.goto(`${app.origin}/search/?q=${word}`);
    const results = page.getByRole('list', { name: 'Search results' });
    await results.locator('mark', { hasText: word }).first().waitFor();
    const log = page.getByRole('region', { name: 'Log' });
    // The hit's branch is read as a page of its path (at=INDEX), never as the whole logbook.
    const fullReads = await countLogReads(page, branched.logid, async () => {
      const hitPage = page.waitForRequest((request) => {
        const url = new URL(request.url());
        return (
          url.pathname.endsWith(`/logbooks/${branched.logid}/entries/`) && url.searchParams.get('at') === '1'
        );
      });
      await results.getByRole('link', { name: branched.title }).click();
      await page.waitForURL(/#entry-1$/);
      await hitPage;
      await log.getByText(word).waitFor();
      await log.getByRole('group', { name: 'Version 1 of 2' }).waitFor();
      await expect(log.getByText('The southern one.')).toHaveCount(0);
      await expect.poll(async () => (await user.client.logbooks.get(branched.logid)).head).toBe('north000');
    });
    expect(fullReads).toBe(0);
    expect(tab.errors).toEqual([]);
  });

  test('searches from the header box on a wide screen', async ({ app, tab, user }) => {
    const { page } = tab;
    // Where the header has no room for it, search is in the side panel; the user links stay on one line.
    for (const width of [1200, 1440, 1600]) {
      await page.setViewportSize({ width, height: 860 });
      await page.goto(`${app.origin}/journals/`);
      const banner = page.getByRole('banner');
      const logout = banner.getByRole('link', { name: 'Logout' });
      await logout.waitFor();
      const userTop = (await banner.getByRole('link', { name: user.username }).boundingBox())?.y ?? 0;
      expect(Math.abs(((await logout.boundingBox())?.y ?? 0) - userTop), `${width} px`).toBeLessThan(8);
      const button = banner.getByRole('link', { name: 'Search logbooks' });
      expect(await button.isVisible(), `${width} px`).toBe(width >= 1600);
      if (width < 1600) {
        const inPanel = page
          .getByRole('navigation', { name: 'Recent logbooks' })
          .getByRole('link', { name: 'Search' });
        expect(await inPanel.getAttribute('href')).toBe('/search/');
      }
      await page.screenshot({
        path: `${SHOTS}/header-${width}.png`,
        clip: { x: 0, y: 0, width, height: 70 },
      });
    }
    await page.setViewportSize({ width: 1720, height: 860 });
    await page.goto(`${app.origin}/journals/`);
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search your logbooks' });
    await box.waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('caravan');
    await page.screenshot({ path: `${SHOTS}/header-search-wide.png` });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.origin}/search/?q=caravan`);
    await page.getByRole('list', { name: 'Search results' }).locator('mark').first().waitFor();
    expect(await box.inputValue()).toBe('');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('keeps the query and filters in the URL', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/search/?q=${RARE}&tag=gen`);
    const main = page.getByRole('main');
    await main.getByText(`No results for “${RARE}”.`).waitFor();
    expect(await main.getByRole('searchbox', { name: 'Search your logbooks' }).inputValue()).toBe(RARE);
    expect(await main.getByRole('combobox', { name: 'Tag' }).inputValue()).toBe('gen');

    await page.goto(`${app.origin}/search/?q=caravan`);
    await main.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(`${app.origin}/search/?q=caravan&page=2`);
    await page.goBack();
    await page.waitForURL(`${app.origin}/search/?q=caravan`);
  });

  test('takes a hostile query without an error', async ({ app, tab }) => {
    const { page } = tab;
    const hostile = 'C++ "unclosed';
    await page.goto(`${app.origin}/search/?q=${encodeURIComponent(hostile)}`);
    const main = page.getByRole('main');
    await main.getByRole('status').first().waitFor();
    expect(await main.getByRole('alert').count()).toBe(0);
    expect(await main.getByRole('searchbox', { name: 'Search your logbooks' }).inputValue()).toBe(hostile);
    // A snippet holding markup shows it as text.
    await page.goto(`${app.origin}/search/?q=C%2B%2B`);
    await main.getByRole('list', { name: 'Search results' }).locator('mark').first().waitFor();
    expect(tab.errors).toEqual([]);
  });

  test('shows the empty state for words nowhere', async ({ app, tab }) => {
    const { page } = tab;
    const nothing = uniqueName('nowhere');
    await page.goto(`${app.origin}/search/?q=${nothing}`);
    await expect(page.getByRole('main').getByText(`No results for “${nothing}”.`)).toBeVisible();
  });

  test('shoots the import page with its results', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/journals/import/`);
    await page
      .getByRole('main')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'conversations.json',
        mimeType: 'application/json',
        buffer: chatGptExport([
          chatGptConversation(
            uniqueName('s1-'),
            'Prices of saffron along the northern route',
            turnsWith(2, 0, 'Saffron?'),
          ),
          chatGptConversation(uniqueName('s2-'), uniqueName('Camel care '), turnsWith(1, 0, 'Camels?')),
          { id: 'broken', title: 'A broken one', mapping: {}, current_node: 'nowhere' } as never,
        ]),
      });
    await page.getByRole('main').getByRole('button', { name: 'Import' }).click();
    await page.getByRole('main').getByRole('heading', { name: 'Import finished' }).waitFor();
    // The result is not in the URL: shoot it without reloading.
    for (const [width, height, name] of [
      [1280, 860, 'import-result-light'],
      [390, 844, 'import-result-phone-light'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.getByRole('button', { name: /Switch to dark theme/ }).click();
    await page.mouse.move(0, 400);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/import-result-phone-dark.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/import-result-dark.png`, fullPage: true });
    await page.getByRole('button', { name: /Switch to light theme/ }).click();
  });
});
