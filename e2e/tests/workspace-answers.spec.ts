import { join } from 'node:path';
import { notice } from '@caravanserai/logbook';
import { documentOf, entry, storedEntries } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import type { RunningApp } from '../support/app-server.js';
import { expect, withLogbook } from '../support/fixtures.js';
import { SCREENSHOT_DIR, shootBothThemes } from '../support/screenshots.js';
import {
  answersTo,
  countLogReads,
  fitViewportToPage,
  logArea,
  openLogbook,
  openLogbookMenu,
  row,
  waitForEntries,
} from '../support/workspace.js';

const SEED = [
  entry('context', 'Answer in one line.'),
  entry('query', 'Where is Samarkand?', { qid: 'ansq0001' }),
  entry('gen', 'In Uzbekistan.', { qid: 'ansq0001' }),
  entry('comment', 'A private note: buy saffron.'),
  entry('query', 'Where is Atlantis?', { qid: 'ansq0002' }),
  entry('mirage', 'Under the Caspian Sea.', { qid: 'ansq0002' }),
  notice('Memory Turned On'),
];

// Made with memory off, so the switch is seen going both ways.
const test = withLogbook(SEED, { memory: false });
test.use({ appOptions: { user: 'answerer', well: true } });
test.describe.configure({ mode: 'serial' });

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });
const memory = (page: Page) => page.getByRole('switch', { name: 'Memory' });
const MEMORY_OFF = 'The model is sent: context entries and this question.';
const MEMORY_ON = 'The model is sent: the conversation so far, without comments, mirages and notices.';

async function ask(page: Page, text: string): Promise<void> {
  await scribe(page).fill(text);
  await scribe(page).press('Enter');
  await row(page, `Echo: ${text}`).getByRole('button', { name: 'Regenerate' }).waitFor();
}

/** What the last request to the fake provider sent, as role: text lines. */
const lastSent = (app: RunningApp) =>
  (app.fake.requests.at(-1)?.messages ?? []).map((m) => `${m.role}: ${m.content}`);

test.describe('the workspace: memory, notices, new answers and edits', () => {
  test('keeps Memory on the logbook, says what is sent, and never sends comments, mirages or notices', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    await openLogbook(page, app, seeded.logid);
    // A notice is drawn as a note of the app, not as an answer.
    const memoryNotice = row(page, 'Memory Turned On');
    await memoryNotice.locator('[data-notice]').waitFor();
    expect(await memoryNotice.getByText('gen', { exact: true }).count()).toBe(0);

    // Off as the logbook was made, and the page says what a query sends.
    expect(await memory(page).isChecked()).toBe(false);
    await page.getByText(MEMORY_OFF, { exact: true }).waitFor();
    app.fake.reset();
    await ask(page, 'First question');
    expect(lastSent(app)).toEqual(['system: Answer in one line.', 'user: First question']);

    await memory(page).check();
    await page.getByText(MEMORY_ON, { exact: true }).waitFor();
    await expect.poll(async () => (await owner.client.logbooks.get(seeded.logid)).memory).toBe(true);
    await page.reload();
    expect(await memory(page).isChecked()).toBe(true);
    await page.getByText(MEMORY_ON, { exact: true }).waitFor();

    await ask(page, 'Second question');
    expect(lastSent(app)).toEqual([
      'system: Answer in one line.',
      'user: Where is Samarkand?',
      'assistant: In Uzbekistan.',
      'user: Where is Atlantis?',
      'user: First question',
      'assistant: Echo: First question',
      'user: Second question',
    ]);
    const sent = JSON.stringify(app.fake.requests.map((r) => r.body));
    for (const never of ['buy saffron', 'Caspian', 'Memory Turned On']) expect(sent).not.toContain(never);
  });

  test('regenerates an answer as a new version; the arrows go back to the old one, remembered', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    app.fake.enqueue({ kind: 'reply', text: 'Samarkand lies in Uzbekistan, on the Zarafshan.' });
    await row(page, 'In Uzbekistan.').getByRole('button', { name: 'Regenerate' }).click();
    const regenerated = row(page, 'on the Zarafshan');
    await regenerated.getByRole('button', { name: 'Regenerate' }).waitFor();
    // Memory on: the conversation up to that query, none of its answers nor what came after.
    expect(lastSent(app)).toEqual(['system: Answer in one line.', 'user: Where is Samarkand?']);
    const stored = await waitForEntries(
      owner.client,
      seeded.logid,
      (e) => answersTo(e, 'ansq0001').length === 2,
    );
    expect(answersTo(stored, 'ansq0001').map((e) => e.content)).toEqual([
      'In Uzbekistan.',
      'Samarkand lies in Uzbekistan, on the Zarafshan.',
    ]);
    // The new answer starts a branch: the old answer and all that followed it are its sibling's.
    const second = regenerated.getByRole('group', { name: 'Version 2 of 2' });
    await second.waitFor();
    await expect(row(page, 'buy saffron')).toHaveCount(0);
    await shootBothThemes(page, 'workspace-branch');
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await second.waitFor();
    await shootBothThemes(page, 'workspace-branch-phone');
    if (wide) await page.setViewportSize(wide);
    await page.reload();
    await second.waitFor();
    // Reached from the keyboard like any button. The page reads a page of the chosen branch,
    // never the whole logbook.
    const first = row(page, 'In Uzbekistan.').getByRole('group', { name: 'Version 1 of 2' });
    const fullReads = await countLogReads(page, seeded.logid, async () => {
      const branchPage = page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname.endsWith(`/logbooks/${seeded.logid}/entries/`) && url.searchParams.has('under');
      });
      await second.getByRole('button', { name: 'Previous version' }).focus();
      await page.keyboard.press('Enter');
      await branchPage;
      await first.waitFor();
      await row(page, 'buy saffron').waitFor();
    });
    expect(fullReads).toBe(0);
    await expect(first.getByRole('button', { name: 'Next version' })).toBeEnabled();
    // The choice is the logbook's: read again, it opens on the old line.
    const headOnOldLine = async () => {
      const logbook = await owner.client.logbooks.get(seeded.logid);
      // The newest entry under the old answer: the last written before the regenerated one.
      const document = documentOf(logbook);
      const regeneratedAt = document.findIndex((e) => e.content.startsWith('Samarkand lies'));
      return logbook.head === document[regeneratedAt - 1]?.attrs.eid;
    };
    await expect.poll(headOnOldLine).toBe(true);
    await page.reload();
    await row(page, 'In Uzbekistan.').getByRole('group', { name: 'Version 1 of 2' }).waitFor();
    await row(page, 'Where is Atlantis?').waitFor();
  });

  test('edits a query (Escape cancels) and resends it as a new version; edits comments and context', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    const atlantis = row(page, 'Where is Atlantis?');
    await atlantis.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit query' });
    await editor.fill('Something else entirely');
    await editor.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await atlantis.waitFor();

    await atlantis.getByRole('button', { name: 'Edit' }).click();
    await editor.fill('Where was Atlantis said to be?');
    app.fake.enqueue({ kind: 'reply', text: 'Plato put it beyond the Pillars of Hercules.' });
    await page.getByRole('button', { name: 'Save and resend' }).click();
    await row(page, 'Pillars of Hercules').getByRole('button', { name: 'Regenerate' }).waitFor();
    await row(page, 'Where was Atlantis said to be?')
      .getByRole('group', { name: 'Version 2 of 2' })
      .waitFor();
    await expect(row(page, 'Where is Atlantis?')).toHaveCount(0);
    expect(lastSent(app).at(-1)).toBe('user: Where was Atlantis said to be?');
    const stored = await storedEntries(owner.client, seeded.logid);
    // Nothing is overwritten: the old question and its mirage stay, as a branch.
    expect(stored[4]).toEqual(entry('query', 'Where is Atlantis?', { qid: 'ansq0002' }));
    expect(stored[5]?.tag).toBe('mirage');
    expect(stored.slice(-2).map((e) => e.content)).toEqual([
      'Where was Atlantis said to be?',
      'Plato put it beyond the Pillars of Hercules.',
    ]);

    await row(page, 'buy saffron').getByRole('button', { name: 'Edit' }).click();
    const note = page.getByRole('textbox', { name: 'Edit comment' });
    await note.fill('A private note: buy saffron and tea.');
    await note.press('Control+Enter');
    await note.waitFor({ state: 'detached' });
    await row(page, 'Answer in one line.').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Edit context' }).fill('Answer in two lines.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const edited = await waitForEntries(
      owner.client,
      seeded.logid,
      (e) => e[0]?.content === 'Answer in two lines.',
    );
    expect(edited[3]).toEqual(entry('comment', 'A private note: buy saffron and tea.'));
    await row(page, 'Answer in two lines.').waitFor();
  });

  test('explains a refused key with the well’s name, offers Retry, and keeps the raw reason', async ({
    app,
    tab,
    owner,
  }) => {
    const { page } = tab;
    app.fake.enqueue({ kind: 'error', status: 401, message: 'Incorrect API key provided.' });
    await scribe(page).fill('Are you there?');
    await scribe(page).press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Error fetching response from AI.' });
    await alert
      .getByText(`The provider refused the API key of the well "${owner.wellTitle}".`, { exact: false })
      .waitFor();
    await alert.getByText("Check the API key in the well's settings", { exact: false }).waitFor();
    await alert.getByText('Details: HTTP 401', { exact: false }).waitFor();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await row(page, 'Echo: Are you there?').getByRole('button', { name: 'Regenerate' }).waitFor();
    expect(await page.getByText('Error fetching response from AI.').count()).toBe(0);
  });

  test('shows each answer’s model and tokens and the logbook’s totals; pictures of it all', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    const answer = row(page, 'Echo: Are you there?');
    await expect(answer.getByText('openai-compatible/llama3.2 ·', { exact: false })).toBeVisible();
    const stored = await storedEntries(owner.client, seeded.logid);
    const counted = stored.filter((e) => e.attrs.input_tokens !== undefined);
    const sum = (key: string) => counted.reduce((total, e) => total + Number(e.attrs[key]), 0);
    await expect(
      page
        .getByRole('main')
        .getByText(`Tokens: ${sum('input_tokens')} in · ${sum('output_tokens')} out`, { exact: true }),
    ).toBeVisible();

    // A stopped answer, a failure with Retry and the inline editor, all on one page.
    app.fake.enqueue({
      kind: 'reply',
      text: 'Slowly, one word after another, then more.',
      chunks: 8,
      chunkDelayMs: 400,
    });
    await scribe(page).fill('Tell me slowly');
    await scribe(page).press('Enter');
    await expect(
      logArea(page).locator('[aria-busy="true"]').getByText('Slowly', { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(logArea(page).getByText('stopped', { exact: true })).toBeVisible();
    app.fake.enqueue({ kind: 'error', status: 429, message: 'Rate limit reached for requests.' });
    await scribe(page).fill('And now?');
    await scribe(page).press('Enter');
    await expect(page.getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible();
    await row(page, 'And now?').getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('textbox', { name: 'Edit query' })).toBeVisible();
    await page.mouse.move(0, 0);
    const restore = await fitViewportToPage(page);
    await shootBothThemes(page, 'workspace-answers');
    await page.getByRole('textbox', { name: 'Edit query' }).press('Escape');
    await restore();

    await page.evaluate(() => window.scrollTo(0, 0));
    const menu = await openLogbookMenu(page);
    await page.waitForTimeout(250);
    // The window only: the menu floats over the page where it opened.
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'workspace-menu-light.png') });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  test('turns Memory off again from the switch', async ({ tab, owner, seeded }) => {
    const { page } = tab;
    await memory(page).uncheck();
    await page.getByText(MEMORY_OFF, { exact: true }).waitFor();
    await expect.poll(async () => (await owner.client.logbooks.get(seeded.logid)).memory).toBe(false);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
