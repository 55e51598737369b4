import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createFakeWell, entry, storedEntries } from '@caravanserai/test-kit';
import type { Locator, Page } from '@playwright/test';
import { expect, withLogbook } from '../support/fixtures.js';
import { logArea, openLogbook, row } from '../support/workspace.js';

// DESIGN 12, asking well: Continue on an answer that ended early, and one question compared
// across several wells side by side, one answer kept.

const SEED = [entry('context', 'Answer briefly.')];

const test = withLogbook(SEED, { memory: false });
test.use({ appOptions: { user: 'comparer', well: true } });
test.describe.configure({ mode: 'serial' });

const SHOTS = '/tmp/shots-compare';

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });
const grid = (page: Page) => logArea(page).getByRole('region', { name: 'Compared answers' });
const column = (page: Page, title: string) => grid(page).getByRole('group', { name: `Answer of ${title}` });
const answerRows = (page: Page) =>
  logArea(page)
    .getByRole('listitem')
    .filter({ has: page.locator('[data-tag="gen"]') });

/** A picture of the window in the light theme and in the dark one, switched with the page's toggle. */
async function shootThemes(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const html = page.locator('html');
  for (let i = 0; i < 2; i++) {
    const scheme = await html.getAttribute('data-mantine-color-scheme');
    await page.screenshot({ path: join(SHOTS, `${name}-${scheme}.png`) });
    if (i === 1) break;
    await page.evaluate(() =>
      document.querySelector<HTMLButtonElement>('[aria-label^="Switch to"]')?.click(),
    );
    await expect(html).toHaveAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'light' : 'dark');
    await page.waitForTimeout(200);
  }
  await page.evaluate(() => document.querySelector<HTMLButtonElement>('[aria-label^="Switch to"]')?.click());
}

async function ask(page: Page, text: string): Promise<void> {
  await scribe(page).fill(text);
  await scribe(page).press('Enter');
}

/** Chooses the wells to compare by title (the logbook's own is chosen when the popover opens). */
async function chooseWells(page: Page, titles: readonly string[]): Promise<void> {
  await page
    .getByRole('button', { name: /^Compare/ })
    .first()
    .click();
  const popover = page.getByRole('dialog', { name: /^Compare/ });
  for (const title of titles) await popover.getByRole('checkbox', { name: title }).check();
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
}

/** Which of `views` a column shows. */
async function keptView(locator: Locator, views: readonly string[]): Promise<string> {
  const text = await locator.innerText();
  const view = views.find((candidate) => text.includes(candidate));
  if (view === undefined) throw new Error(`No answer in: ${text}`);
  return view;
}

test.describe('the workspace: continue and compare', () => {
  test('continues an answer the model cut at its length: the text grows in place, one answer after a reload', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    const chat = await createFakeWell(owner.client, app.fake, {
      title: 'Chat Well',
      origin_loc: 'openai-compatible/small-model',
    });
    await owner.client.logbooks.patch(seeded.logid, { logwell: chat.wellid });
    await openLogbook(page, app, seeded.logid);
    app.fake.enqueue({ kind: 'reply', text: 'The caravan left at dawn', atLength: true });
    await ask(page, 'Tell me about the caravan.');
    const answer = row(page, 'The caravan left at dawn');
    const go = answer.getByRole('button', { name: 'Continue' });
    await go.waitFor();
    await answer.getByText('length limit').waitFor();
    await shootThemes(page, 'continue-offered');

    app.fake.enqueue({
      kind: 'reply',
      text: ' and reached the oasis by noon.',
      chunks: 6,
      chunkDelayMs: 150,
    });
    await go.click();
    const joined = 'The caravan left at dawn and reached the oasis by noon.';
    await row(page, joined).getByRole('button', { name: 'Regenerate' }).waitFor();
    await expect(answerRows(page)).toHaveCount(1);
    await expect(answer.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    const stored = await storedEntries(owner.client, seeded.logid);
    expect(stored.filter((e) => e.tag === 'gen').map((e) => e.content)).toEqual([joined]);

    await page.reload();
    await row(page, joined).waitFor();
    await expect(answerRows(page)).toHaveCount(1);
  });

  test('continues an answer after Stop', async ({ app, tab }) => {
    const { page } = tab;
    const words = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    app.fake.enqueue({ kind: 'reply', text: words, chunks: 30, chunkDelayMs: 200 });
    await ask(page, 'Count for me.');
    const answer = row(page, 'word0');
    await answer.waitFor();
    await page.keyboard.press('Escape');
    await answer.getByText('stopped', { exact: true }).waitFor();
    app.fake.enqueue({ kind: 'reply', text: ' and that is all.' });
    await answer.getByRole('button', { name: 'Continue' }).click();
    await row(page, 'and that is all.').getByRole('button', { name: 'Regenerate' }).waitFor();
    await expect(row(page, 'word0').getByText('stopped', { exact: true })).toHaveCount(0);
  });

  test('compares three wells side by side, keeps one, and a reload shows the same', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    await createFakeWell(owner.client, app.fake, {
      title: 'Claude Well',
      origin_loc: 'anthropic/claude-fake',
    });
    await createFakeWell(owner.client, app.fake, {
      title: 'Gemini Well',
      origin_loc: 'google/gemini-2.5-flash',
    });
    await chooseWells(page, ['Claude Well', 'Gemini Well']);
    await expect(page.getByRole('button', { name: 'Compare', exact: true })).toHaveCount(1);
    for (const text of ['First view.', 'Second view.', 'Third view.'])
      app.fake.enqueue({ kind: 'reply', text, chunks: 4, chunkDelayMs: 300 });
    await ask(page, 'Which road is best?');
    await column(page, 'Chat Well').getByText('openai-compatible/small-model').waitFor();
    await column(page, 'Claude Well').getByText('anthropic/claude-fake').waitFor();
    await column(page, 'Gemini Well').getByText('google/gemini-2.5-flash').waitFor();
    await expect(grid(page).getByRole('button', { name: 'Keep this answer' })).toHaveCount(0);
    await shootThemes(page, 'compare-running');
    await expect(grid(page).getByRole('button', { name: 'Keep this answer' })).toHaveCount(3);
    await shootThemes(page, 'compare-finished');

    // Side by side on a wide screen.
    const boxes = await Promise.all(
      ['Chat Well', 'Claude Well', 'Gemini Well'].map((t) => column(page, t).boundingBox()),
    );
    expect(new Set(boxes.map((box) => Math.round(box?.y ?? -1))).size).toBe(1);

    const kept = column(page, 'Claude Well');
    const views = ['First view.', 'Second view.', 'Third view.'];
    const keptText = await keptView(kept, views);
    await kept.getByRole('button', { name: 'Keep this answer' }).click();
    await expect(grid(page)).toHaveCount(0);
    const shown = row(page, keptText);
    await shown.getByRole('group', { name: /^Version \d of 3$/ }).waitFor();
    for (const other of views.filter((view) => view !== keptText))
      await expect(row(page, other)).toHaveCount(0);
    // The server's active path goes through the kept answer.
    const path = await owner.client.logbooks.entries(seeded.logid, { limit: 2 });
    expect(path.entries.map((e) => e.content)).toEqual(['Which road is best?', keptText]);

    await page.reload();
    await row(page, keptText)
      .getByRole('group', { name: /^Version \d of 3$/ })
      .waitFor();
    await expect(row(page, 'Which road is best?')).toHaveCount(1);
  });

  test('stops every answer of a compare with one Stop, and stacks the columns on a phone', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await chooseWells(page, ['Claude Well', 'Gemini Well']);
    const words = Array.from({ length: 40 }, (_, i) => `step${i}`).join(' ');
    for (let i = 0; i < 3; i++)
      app.fake.enqueue({ kind: 'reply', text: words, chunks: 40, chunkDelayMs: 250 });
    await ask(page, 'Walk me through it.');
    await grid(page).getByText('step0', { exact: false }).first().waitFor();
    const boxes = await Promise.all(
      ['Chat Well', 'Claude Well', 'Gemini Well'].map((t) => column(page, t).boundingBox()),
    );
    const xs = new Set(boxes.map((box) => Math.round(box?.x ?? -1)));
    expect(xs.size).toBe(1);
    expect((boxes[1]?.y ?? 0) > (boxes[0]?.y ?? 0)).toBe(true);
    await shootThemes(page, 'compare-phone');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(grid(page).locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    const kept = await grid(page).getByRole('button', { name: 'Keep this answer' }).count();
    const none = await grid(page).getByText('Stopped before any text.').count();
    expect(kept + none).toBe(3);
    await expect(grid(page).getByText('step39')).toHaveCount(0);
    if (wide) await page.setViewportSize(wide);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
