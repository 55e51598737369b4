import type { Entry } from '@caravanserai/logbook';
import { entry, storedEntries } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { expect, withLogbook } from '../support/fixtures.js';
import { shootBothThemes } from '../support/screenshots.js';
import {
  answersTo,
  countLogReads,
  fitViewportToPage,
  logArea,
  openLogbook,
  openLogbookMenu,
  row,
  tagOf,
  waitForEntries,
} from '../support/workspace.js';

const ANSWER = [
  'Use **for...of** to walk an array:',
  '',
  '```ts',
  'for (const item of items) {',
  '  console.log(item);',
  '}',
  '```',
  '',
  'See [the MDN page](https://developer.mozilla.org/) and <b>raw html</b>.',
].join('\n');

const SEED: Entry[] = [
  entry('context', 'You are a careful TypeScript reviewer.'),
  entry('query', 'How do I loop over an array?', { qid: 'seedq001' }),
  entry('gen', ANSWER, { qid: 'seedq001' }),
  entry('comment', 'Remember to ask about maps next.'),
];

// Memory off: what a query sends is then the context entries and the question.
const test = withLogbook(SEED, { memory: false });
test.use({ appOptions: { user: 'scribe', well: true } });
test.describe.configure({ mode: 'serial' });

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });

test.describe('the logbook workspace, chat view', () => {
  test('shows the header and its menu, the log between START and END, and entries styled by tag', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    await openLogbook(page, app, seeded.logid);
    const main = page.getByRole('main');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(await crumbs.getByRole('link', { name: 'Logbooks' }).getAttribute('href')).toBe('/logbooks/');
    await crumbs.getByText(seeded.title, { exact: true }).waitFor();
    const well = main.getByRole('link', { name: `Using Well: ${owner.wellTitle}`, exact: true });
    expect(await well.getAttribute('href')).toBe(`/wells/${owner.wellid}`);
    await main.getByRole('heading', { level: 1, name: seeded.title }).waitFor();
    await main.getByText(`owner: ${owner.username}`, { exact: true }).waitFor();
    // The page opens ready to write: the caret in the Scribe.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Scribe');
    // The exports, Settings and Delete Logbook are in the header's menu.
    const menu = await openLogbookMenu(page);
    expect(await menu.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe(
      `/logbooks/${seeded.logid}/manage`,
    );
    for (const name of ['Export as .xml file', 'Export as Markdown', 'Export as JSON', 'Delete Logbook']) {
      await menu.getByRole('menuitem', { name, exact: true }).waitFor();
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await main.getByRole('button', { name: 'Head' }).waitFor();
    await main.getByRole('button', { name: 'Tail' }).waitFor();
    await logArea(page).getByText('END', { exact: true }).waitFor();

    // Each entry's buttons are named in words; the spec's # C M X stay what they show.
    for (const seeded of SEED) {
      const r = row(page, seeded.content.split('\n')[0]!.replace(/\*\*/g, ''));
      expect(await tagOf(r)).toBe(seeded.tag);
      for (const [name, symbol] of [
        ['Comment', '#'],
        ['Context', 'C'],
        ['Mirage', 'M'],
        ['Delete', 'X'],
      ] as const) {
        expect(await r.getByRole('button', { name, exact: true }).innerText()).toBe(symbol);
      }
      await r.getByRole('button', { name: 'Copy', exact: true }).waitFor();
      const extra = seeded.tag === 'gen' ? 'Regenerate' : 'Edit';
      await r.getByRole('button', { name: extra, exact: true }).waitFor();
    }
  });

  test('renders answers as Markdown with highlighted, copyable code and safe links, never raw HTML', async ({
    app,
    tab,
  }) => {
    const { page, context } = tab;
    const answer = row(page, 'to walk an array');
    await answer.locator('strong', { hasText: 'for...of' }).waitFor();
    await answer.locator('pre code .hljs-keyword').first().waitFor();
    const link = answer.getByRole('link', { name: 'the MDN page' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await answer.getByText('<b>raw html</b>', { exact: false }).waitFor();
    expect(await answer.locator('b').count()).toBe(0);
    // Plain entries stay plain text.
    expect(await row(page, 'Remember to ask').locator('strong, a, pre').count()).toBe(0);

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    await answer.getByRole('button', { name: 'Copy code' }).click();
    const code = await page.evaluate(() => navigator.clipboard.readText());
    expect(code).toBe('for (const item of items) {\n  console.log(item);\n}');
    await row(page, 'careful TypeScript reviewer').getByRole('button', { name: 'Copy', exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'You are a careful TypeScript reviewer.',
    );
    const restore = await fitViewportToPage(page);
    await shootBothThemes(page, 'workspace-chat');
    await restore();
  });

  test('shows a query at once and streams its answer in as it arrives', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    app.fake.reset();
    const text = 'Caravanserais were roadside inns where travellers rested with their camels.';
    app.fake.enqueue({ kind: 'reply', text, chunks: 8, chunkDelayMs: 300 });
    const pending = logArea(page).locator('[aria-busy="true"]');
    const answer = row(page, 'with their camels.');
    // The stored answer is shown from the stream's last event: the log is not read again.
    const reads = await countLogReads(page, seeded.logid, async () => {
      await scribe(page).fill('What was a caravanserai?');
      await scribe(page).press('Enter');

      // The query is on the page before the server has answered anything.
      await row(page, 'What was a caravanserai?').waitFor({ timeout: 500 });
      expect(await scribe(page).inputValue()).toBe('');
      await pending.getByText('Caravanserais', { exact: false }).waitFor();
      // A first piece of the answer is shown while the rest is still coming.
      expect(await pending.count()).toBe(1);
      expect(await pending.innerText()).not.toContain('camels');
      await page.getByRole('button', { name: 'Stop' }).waitFor();

      await answer.locator('[data-tag="gen"]').waitFor();
      await pending.waitFor({ state: 'detached' });
      // Stored: its buttons are there, and under it the model and its tokens in and out.
      await answer.getByRole('button', { name: 'Regenerate' }).waitFor();
      await answer.getByText('openai-compatible/llama3.2 · 10 in · 10 out tokens', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Send' }).waitFor();
    });
    expect(reads).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Scribe');
    // The logbook's totals in the header count it (the seeded answer carries no counts).
    await page.getByRole('main').getByText('Tokens: 10 in · 10 out', { exact: true }).waitFor();

    const stored = await waitForEntries(owner.client, seeded.logid, (e) => e.some((x) => x.content === text));
    const query = stored.find((e) => e.content === 'What was a caravanserai?');
    const gen = stored.find((e) => e.content === text);
    expect(query?.tag).toBe('query');
    expect(gen?.tag).toBe('gen');
    expect(gen?.attrs.qid).toBe(query?.attrs.qid);
    // Memory off: the context entries go as the system message, then the prompt.
    expect(app.fake.requests.at(-1)?.messages).toEqual([
      { role: 'system', content: 'You are a careful TypeScript reviewer.' },
      { role: 'user', content: 'What was a caravanserai?' },
    ]);
  });

  test("says 'Error fetching response from AI.' in words with Retry and the reason; the query stays", async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    app.fake.enqueue({ kind: 'error', status: 500, message: 'the upstream model exploded' });
    await scribe(page).fill('This one will fail');
    await scribe(page).press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Error fetching response from AI.' });
    await alert
      .getByText(`The provider of the well "${owner.wellTitle}" had an error on its side.`, { exact: false })
      .waitFor();
    await alert.getByText('Details: HTTP 500', { exact: false }).waitFor();
    await alert.getByRole('button', { name: 'Retry' }).waitFor();
    const failed = row(page, 'This one will fail');
    await failed.getByText('No answer yet.', { exact: true }).waitFor();
    const stored = await waitForEntries(owner.client, seeded.logid, (e) =>
      e.some((x) => x.content === 'This one will fail'),
    );
    const query = stored.find((e) => e.content === 'This one will fail');
    expect(query?.tag).toBe('query');
    expect(stored.filter((e) => e.attrs.qid === query?.attrs.qid)).toHaveLength(1);

    // Still there after a reload, with the alert gone and Retry on the query itself.
    await page.reload();
    await failed.getByText('No answer yet.', { exact: true }).waitFor();
    expect(await page.getByText('Error fetching response from AI.').count()).toBe(0);
    await failed.getByRole('button', { name: 'Retry' }).click();
    // The echo reply: the stored query was sent again, under its own qid.
    await row(page, 'Echo: This one will fail').getByRole('button', { name: 'Regenerate' }).waitFor();
    await failed.getByText('No answer yet.', { exact: true }).waitFor({ state: 'detached' });
    const retried = await waitForEntries(
      owner.client,
      seeded.logid,
      (e) => answersTo(e, query?.attrs.qid).length === 1,
    );
    expect(answersTo(retried, query?.attrs.qid)[0]?.content).toBe('Echo: This one will fail');
  });

  test('stops an answer midway with Stop or Escape: what arrived stays, stored and marked stopped', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    // Slow enough that a Stop sent from a busy machine still lands well before the last word.
    const slow = (text: string) => app.fake.enqueue({ kind: 'reply', text, chunks: 12, chunkDelayMs: 1200 });
    slow('One two three four five six seven eight nine ten eleven twelve');
    await scribe(page).fill('Count slowly for me');
    await scribe(page).press('Enter');
    const pending = logArea(page).locator('[aria-busy="true"]');
    await pending.getByText('One', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await pending.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await page.getByText('Error fetching response from AI.').count()).toBe(0);
    const stopped = logArea(page).locator('[data-tag="gen"]').filter({ hasText: /One/ }).last();
    await stopped.getByText('stopped', { exact: true }).waitFor();
    const stored = await storedEntries(owner.client, seeded.logid);
    const query = stored.find((e) => e.content === 'Count slowly for me');
    expect(query?.tag).toBe('query');
    const [answer] = answersTo(stored, query?.attrs.qid);
    expect(answer?.attrs.stopped).toBe('true');
    expect(answer?.content.startsWith('One')).toBe(true);
    expect(answer?.content).not.toContain('twelve');
    expect(await stopped.innerText()).toContain(answer?.content.trim());

    // Escape stops too, wherever the caret is.
    slow('Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu');
    await scribe(page).fill('Greek letters, slowly');
    await scribe(page).press('Enter');
    await pending.getByText('Alpha', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await pending.waitFor({ state: 'detached' });
    const greek = await waitForEntries(owner.client, seeded.logid, (e) =>
      e.some((x) => x.tag === 'gen' && x.content.startsWith('Alpha')),
    );
    const greekAnswer = greek.find((x) => x.tag === 'gen' && x.content.startsWith('Alpha'));
    expect(greekAnswer?.attrs.stopped).toBe('true');
    expect(greekAnswer?.content).not.toContain(' mu');

    // Stopped before any text: nothing is stored, and the query waits with Retry.
    app.fake.enqueue({ kind: 'hang' });
    await scribe(page).fill('Never answered');
    await scribe(page).press('Enter');
    await pending.getByText('Waiting for the well…', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await pending.waitFor({ state: 'detached' });
    const waiting = row(page, 'Never answered');
    await waiting.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await page.getByText('Error fetching response from AI.').count()).toBe(0);
    const after = await storedEntries(owner.client, seeded.logid);
    const never = after.find((e) => e.content === 'Never answered');
    expect(after.filter((e) => e.attrs.qid === never?.attrs.qid)).toHaveLength(1);
  });
});

test.describe('the workspace, console', () => {
  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
