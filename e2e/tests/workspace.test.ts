import type { Entry } from '@caravanserai/logbook';
import { describe, expect, it } from 'vitest';
import { shootBothThemes } from '../support/screenshots.js';
import { useApp, useLogbook } from '../support/use-app.js';
import {
  entry,
  fitViewportToPage,
  logArea,
  openLogbook,
  row,
  storedEntries,
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

const { app, browser, user: owner } = useApp({ user: 'scribe', well: true });
const seeded = useLogbook(owner, SEED);

const scribe = () => browser.page.getByRole('textbox', { name: 'Scribe' });

describe('the logbook workspace, chat view', () => {
  it('shows the header, the log between START and END, and entries styled by tag', async () => {
    const { page } = browser;
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
    expect(await main.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      `/logbooks/${seeded.logid}/manage`,
    );
    for (const name of ['Export as .xml file', 'Export as Markdown', 'Export as JSON', 'Delete Logbook']) {
      await main.getByRole('button', { name, exact: true }).waitFor();
    }
    await main.getByRole('button', { name: 'Head' }).waitFor();
    await main.getByRole('button', { name: 'Tail' }).waitFor();
    await logArea(page).getByText('END', { exact: true }).waitFor();

    for (const seeded of SEED) {
      const r = row(page, seeded.content.split('\n')[0]!.replace(/\*\*/g, ''));
      expect(await tagOf(r)).toBe(seeded.tag);
      for (const label of [
        'Toggle comment',
        'Toggle context',
        'Toggle mirage',
        'Delete entry',
        'Copy entry',
      ]) {
        await r.getByRole('button', { name: label }).waitFor();
      }
    }
  });

  it('renders answers as Markdown with highlighted, copyable code and safe links, never raw HTML', async () => {
    const { page, context } = browser;
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
    await row(page, 'careful TypeScript reviewer').getByRole('button', { name: 'Copy entry' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'You are a careful TypeScript reviewer.',
    );
    const restore = await fitViewportToPage(page);
    await shootBothThemes(page, 'workspace-chat');
    await restore();
  });

  it('shows a query at once and streams its answer in as it arrives', async () => {
    const { page } = browser;
    app.fake.reset();
    const text = 'Caravanserais were roadside inns where travellers rested with their camels.';
    app.fake.enqueue({ kind: 'reply', text, chunks: 8, chunkDelayMs: 300 });
    await scribe().fill('What was a caravanserai?');
    await scribe().press('Enter');

    // The query is on the page before the server has answered anything.
    await row(page, 'What was a caravanserai?').waitFor({ timeout: 500 });
    expect(await scribe().inputValue()).toBe('');
    const pending = logArea(page).locator('[aria-busy="true"]');
    await pending.getByText('Caravanserais', { exact: false }).waitFor();
    // A first piece of the answer is shown while the rest is still coming.
    expect(await pending.count()).toBe(1);
    expect(await pending.innerText()).not.toContain('camels');
    await page.getByRole('button', { name: 'Stop' }).waitFor();

    await row(page, 'with their camels.').locator('[data-tag="gen"]').waitFor();
    await pending.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Scribe');

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

  it("says 'Error fetching response from AI.' with the reason when the well fails, and keeps the query", async () => {
    const { page } = browser;
    app.fake.enqueue({ kind: 'error', status: 500, message: 'the upstream model exploded' });
    await scribe().fill('This one will fail');
    await scribe().press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Error fetching response from AI.' });
    await alert.waitFor();
    expect((await alert.innerText()).length).toBeGreaterThan('Error fetching response from AI.'.length);
    await row(page, 'This one will fail').waitFor();
    const stored = await waitForEntries(owner.client, seeded.logid, (e) =>
      e.some((x) => x.content === 'This one will fail'),
    );
    const failed = stored.find((e) => e.content === 'This one will fail');
    expect(failed?.tag).toBe('query');
    expect(stored.filter((e) => e.attrs.qid === failed?.attrs.qid)).toHaveLength(1);
    // Still there after a reload, with the alert gone.
    await page.reload();
    await row(page, 'This one will fail').waitFor();
    expect(await page.getByText('Error fetching response from AI.').count()).toBe(0);
  });

  it('stops an answer midway: the server stores nothing for it, the query stays', async () => {
    const { page } = browser;
    app.fake.enqueue({
      kind: 'reply',
      text: 'One two three four five six seven eight nine ten eleven twelve',
      chunks: 12,
      chunkDelayMs: 400,
    });
    await scribe().fill('Count slowly for me');
    await scribe().press('Enter');
    const pending = logArea(page).locator('[aria-busy="true"]');
    await pending.getByText('One', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await pending.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await page.getByText('Error fetching response from AI.').count()).toBe(0);
    await page.waitForTimeout(5_500);
    const stored = await storedEntries(owner.client, seeded.logid);
    const query = stored.find((e) => e.content === 'Count slowly for me');
    expect(query?.tag).toBe('query');
    expect(stored.filter((e) => e.attrs.qid === query?.attrs.qid)).toHaveLength(1);
    expect(await logArea(page).getByText('eleven', { exact: false }).count()).toBe(0);
  });
});

describe('the workspace, console', () => {
  it('logs no console errors on the way', () => {
    expect(browser.errors).toEqual([]);
  });
});
