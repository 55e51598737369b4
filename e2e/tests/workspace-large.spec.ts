import type { Entry } from '@caravanserai/logbook';
import { entry } from '@caravanserai/test-kit';
import { expect, withLogbook } from '../support/fixtures.js';
import { logArea, row, waitForEntries, waitForTag } from '../support/workspace.js';

const COUNT = 10_000;
const TAGS = ['query', 'gen', 'comment', 'context'] as const;

function bigLog(): Entry[] {
  return Array.from({ length: COUNT }, (_, i) =>
    entry(
      TAGS[i % TAGS.length]!,
      `Entry ${i}: ${'the caravan rests at the oasis before the long crossing '.repeat(1 + (i % 5))}`.trim(),
    ),
  );
}

const test = withLogbook(bigLog(), { title: 'Ten thousand entries' });
test.use({ appOptions: { user: 'archivist', well: true } });
test.describe.configure({ mode: 'serial' });

test.describe('a 10,000-entry logbook', () => {
  test('opens at its newest entries quickly, reading one page of them, and keeps only a window of rows in the page', async ({
    app,
    tab,
    seeded,
  }) => {
    const { page } = tab;
    // Warm the app's own code, so the number measures the logbook, not the first download of the JS.
    await page.goto(`${app.origin}/logbooks/`);
    await page.getByRole('main').getByRole('link', { name: 'New Logbook' }).waitFor();

    // What of the logbook the page reads: a page of its newest entries, never the whole log.
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.includes(`/journals/logbooks/${seeded.logid}/`))
        reads.push(`${url.pathname.split(`/${seeded.logid}/`)[1]}${url.search}`);
    });
    const started = Date.now();
    await page.goto(`${app.origin}/logbooks/${seeded.logid}`);
    // The owner's workspace opens where the conversation goes on: at the newest entry.
    await row(page, `Entry ${COUNT - 1}:`).waitFor();
    const wall = Date.now() - started;
    const sincePageStart = await page.evaluate(() => Math.round(performance.now()));
    console.log(
      `10,000-entry logbook: newest rows after ${wall} ms (navigation to the newest row; ${sincePageStart} ms since the document started)`,
    );
    expect(wall).toBeLessThan(5_000);

    const rendered = await logArea(page).getByRole('listitem').count();
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(80);
    expect(await logArea(page).getByRole('listitem').first().getAttribute('aria-setsize')).toBe(
      String(COUNT),
    );
    expect(reads).toContain('entries/?limit=100');
    expect(reads).not.toContain('');
    // The log's first entry is not held yet: the way to the earlier ones stands where START would.
    await expect(logArea(page).getByRole('button', { name: 'Show earlier entries' })).toHaveCount(1);
    await expect(logArea(page).getByText('START', { exact: true })).toHaveCount(0);
  });

  test('reads the turns before the newest as the reader scrolls up to them', async ({ tab }) => {
    const { page } = tab;
    // The first page holds entries 9,900 to 9,999; scrolling up towards its top reads the one before.
    await expect(row(page, `Entry ${COUNT - 101}:`)).toHaveCount(0);
    // Scrolling fast until that page is read, then slowly: a fast wheel turned on after it would carry
    // the reader past the rows just put above (on a loaded machine the page may arrive between turns).
    let read = false;
    const earlier = page
      .waitForResponse((response) => new URL(response.url()).searchParams.has('before'))
      .then(() => {
        read = true;
      });
    for (let i = 0; i < 100 && !read; i++) {
      await page.mouse.wheel(0, -500);
      await page.waitForTimeout(100);
    }
    await earlier;
    // Then on up, a few rows at a time, to the newest of the rows read.
    for (let i = 0; i < 60 && (await row(page, `Entry ${COUNT - 101}:`).count()) === 0; i++) {
      await page.mouse.wheel(0, -300);
      await page.waitForTimeout(100);
    }
    await row(page, `Entry ${COUNT - 101}:`).waitFor();
    // The rows read are in the page above the row the reader was at, and the page did not jump to
    // their top (entry 9,800): the first row in the page is near where the reader scrolled to.
    const posinset = Number(await logArea(page).getByRole('listitem').first().getAttribute('aria-posinset'));
    expect(posinset).toBeLessThanOrEqual(COUNT - 100);
    expect(posinset).toBeGreaterThan(COUNT - 150);
  });

  test('goes to the last entry with Tail and back to the first with Head', async ({ tab }) => {
    const { page } = tab;
    const started = Date.now();
    await page.getByRole('button', { name: 'Tail' }).click();
    await row(page, `Entry ${COUNT - 1}:`).waitFor();
    console.log(`10,000-entry logbook: Tail reached the last entry after ${Date.now() - started} ms`);
    await logArea(page).getByText('END', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Head' }).click();
    await row(page, 'Entry 0:').waitFor();
    expect(await row(page, `Entry ${COUNT - 1}:`).count()).toBe(0);
    // Head read the log up to its first entry: START, and nothing earlier to show.
    await logArea(page).getByText('START', { exact: true }).waitFor();
    await expect(logArea(page).getByRole('button', { name: 'Show earlier entries' })).toHaveCount(0);
  });

  test('scrolls through the middle with the rows following', async ({ tab }) => {
    const { page } = tab;
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.evaluate((y) => window.scrollTo(0, y), Math.round(total / 2));
    await page.waitForTimeout(200);
    const visible = await logArea(page)
      .getByRole('listitem')
      .evaluateAll((items) =>
        items
          .filter((item) => {
            const box = item.getBoundingClientRect();
            return box.bottom > 0 && box.top < window.innerHeight;
          })
          .map((item) => Number(item.getAttribute('aria-posinset'))),
      );
    expect(visible.length).toBeGreaterThan(0);
    expect(Math.min(...visible)).toBeGreaterThan(2_000);
    expect(Math.max(...visible)).toBeLessThan(8_000);
  });

  test('re-tags an entry by its index without rewriting the log', async ({ tab, owner, seeded }) => {
    const { page } = tab;
    await page.getByRole('button', { name: 'Head' }).click();
    const target = row(page, 'Entry 1:');
    let logWrites = 0;
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/journals/logbooks/')) logWrites += 1;
    });
    await target.getByRole('button', { name: 'Mirage', exact: true }).click();
    await waitForTag(target, 'mirage');
    await waitForEntries(owner.client, seeded.logid, (e) => e[1]?.tag === 'mirage' && e.length === COUNT);
    expect(logWrites).toBe(0);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
