import { join } from 'node:path';
import { entry, storedEntries } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { expect, withLogbook } from '../support/fixtures.js';
import { SCREENSHOT_DIR, shootBothThemes } from '../support/screenshots.js';
import {
  fitViewportToPage,
  logArea,
  openLogbook,
  row,
  shellOutput,
  shellRun,
  tagOf,
  waitForEntries,
  waitForTag,
} from '../support/workspace.js';

// Made with memory off, so the shell's memory commands are seen going both ways.
const test = withLogbook([entry('context', 'Reply in one short sentence.')], { memory: false });
test.use({ appOptions: { user: 'sheller', well: true } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ tab }) => {
  await tab.page.addInitScript(() => localStorage.setItem('logbookView', 'shell'));
});

const shell = (page: Page) => page.getByRole('textbox', { name: 'Shell' });
const dialog = (page: Page) => page.getByRole('dialog');

/** Types a clear command and waits for its question; the command runs until it is answered. */
async function askToClear(page: Page, line: string): Promise<void> {
  await shell(page).fill(line);
  await shell(page).press('Enter');
  await dialog(page).waitFor();
}

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');

/**
 * Pictures of the open `clear all` dialog in both themes, wide and at 390 px. Each picture asks
 * again (Escape answers no), since the theme toggle sits behind the dialog.
 */
async function shootDialog(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 860 };
  const widths = [size.width, size.width, 390, 390];
  for (const [i, width] of widths.entries()) {
    if (i > 0) {
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      await page.getByLabel('Running').waitFor({ state: 'detached' });
      await page.setViewportSize({ width, height: size.height });
      if (i !== 2) await switchTheme(page);
      await askToClear(page, 'clear all');
    }
    // The dialog's opening transition, over before the picture.
    await page.waitForTimeout(300);
    const file = `${name}-${width === 390 ? '390-' : ''}${(await isDark(page)) ? 'dark' : 'light'}.png`;
    // The window only: a full-page picture would draw the sticky header and dialog mid-page.
    await page.screenshot({ path: join(SCREENSHOT_DIR, file) });
  }
  await page.setViewportSize(size);
}

async function switchTheme(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
  await page.mouse.move(0, 400);
}

/** The text the last command printed (everything after its echoed line). */
async function lastOutput(page: Page, line: string): Promise<string> {
  const text = await shellOutput(page).innerText();
  const echoed = `Shell> ${line}\n`;
  return text.slice(text.lastIndexOf(echoed) + echoed.length).trim();
}

test.describe('the shell box', () => {
  test('opens in the shell view with its hint, and lists the commands with help', async ({
    app,
    tab,
    seeded,
  }) => {
    const { page } = tab;
    await openLogbook(page, app, seeded.logid);
    expect(await shell(page).getAttribute('placeholder')).toBe('Shell> ');
    await page.getByText("Type 'help' to see commands", { exact: true }).waitFor();
    await shellRun(page, 'help');
    expect(await lastOutput(page, 'help')).toBe(
      'Commands: help, clear [tag], comment, context, query, run, memory [on/off/status], echo',
    );
    expect(await shellOutput(page).getAttribute('aria-live')).toBe('polite');
  });

  test('prints the spec’s messages for empty, incomplete and unknown commands', async ({
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    await shell(page).fill('');
    await shell(page).press('Enter');
    await shellOutput(page).getByText('Error: Command cannot be empty.', { exact: false }).waitFor();
    for (const [line, message] of [
      ['comment', 'Error: Comment cannot be empty.'],
      ['context', 'Error: Context cannot be empty.'],
      ['query', 'Error: Query cannot be empty.'],
      ['x', 'Unknown command: x'],
      ['clear', 'Error.'],
      ['memory', 'Error.'],
      ['clear bogus', 'Invalid tag: bogus'],
      ['echo hello   caravan', 'hello   caravan'],
    ] as const) {
      await shellRun(page, line);
      expect(await lastOutput(page, line)).toBe(message);
    }
    // None of these touched the log.
    expect(await storedEntries(owner.client, seeded.logid)).toHaveLength(1);
  });

  test('adds comment and context entries, shown in the log at once', async ({ tab, owner, seeded }) => {
    const { page } = tab;
    await shellRun(page, 'comment Camels first, then tea.');
    await waitForTag(row(page, 'Camels first, then tea.'), 'comment');
    await shellRun(page, 'context You know the Silk Road well.');
    await waitForTag(row(page, 'You know the Silk Road well.'), 'context');
    const stored = await storedEntries(owner.client, seeded.logid);
    expect(stored.slice(1)).toEqual([
      entry('comment', 'Camels first, then tea.'),
      entry('context', 'You know the Silk Road well.'),
    ]);
  });

  test('turns memory on and off and reports it in the log', async ({ tab }) => {
    const { page } = tab;
    await shellRun(page, 'memory status');
    await waitForTag(row(page, 'Chat Memory Off'), 'gen');
    expect(await tagOf(row(page, 'Chat Memory Off'))).toBe('gen');
    await shellRun(page, 'memory on');
    await waitForTag(row(page, 'Memory Turned On'), 'gen');
    expect(await tagOf(row(page, 'Memory Turned On'))).toBe('gen');
    await expect(page.getByText('Memory on', { exact: true })).toBeVisible();
    await shellRun(page, 'memory status');
    await waitForTag(row(page, 'Chat Memory On'), 'gen');
    expect(await tagOf(row(page, 'Chat Memory On'))).toBe('gen');
    await shellRun(page, 'memory sideways');
    await waitForTag(row(page, 'Invalid Command'), 'gen');
    expect(await tagOf(row(page, 'Invalid Command'))).toBe('gen');
  });

  test('asks the well with query and run; with memory on the whole conversation is sent', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    app.fake.reset();
    app.fake.enqueue({ kind: 'reply', text: 'Kashgar was the gateway to China.' });
    await shellRun(page, 'query Which oasis led to China?');
    await waitForTag(row(page, 'Which oasis led to China?'), 'query');
    await waitForTag(row(page, 'Kashgar was the gateway to China.'), 'gen');
    const sent = app.fake.requests.at(-1)?.messages ?? [];
    expect(sent[0]?.role).toBe('system');
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'Which oasis led to China?' });
    expect(sent.some((m) => m.content === 'Camels first, then tea.')).toBe(false);

    // A bare run explains itself and asks the well nothing; with text it sends 'run' and the text.
    const asked = app.fake.requests.length;
    await shellRun(page, 'run');
    expect(await lastOutput(page, 'run')).toContain('Usage: run TEXT');
    expect(app.fake.requests).toHaveLength(asked);
    app.fake.enqueue({ kind: 'reply', text: 'Running along.' });
    await shellRun(page, 'run the caravan');
    await waitForTag(row(page, 'Running along.'), 'gen');
    const runEntries = await waitForEntries(owner.client, seeded.logid, (e) =>
      e.some((x) => x.content === 'Running along.'),
    );
    expect(runEntries.some((e) => e.tag === 'query' && e.content === 'run the caravan')).toBe(true);

    // The Scribe honours the same memory flag.
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Chat', { exact: true }).click();
    app.fake.enqueue({ kind: 'reply', text: 'Yes, Kashgar.' });
    await page.getByRole('textbox', { name: 'Scribe' }).fill('And the gateway again?');
    await page.getByRole('textbox', { name: 'Scribe' }).press('Enter');
    await waitForTag(row(page, 'Yes, Kashgar.'), 'gen');
    const remembered = app.fake.requests.at(-1)?.messages ?? [];
    expect(remembered).toContainEqual({ role: 'user', content: 'Which oasis led to China?' });
    expect(remembered).toContainEqual({ role: 'assistant', content: 'Kashgar was the gateway to China.' });
    expect(remembered.at(-1)).toEqual({ role: 'user', content: 'And the gateway again?' });
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Shell', { exact: true }).click();
    await shellRun(page, 'memory off');
    await waitForTag(row(page, 'Memory Turned Off'), 'gen');
    expect(await page.getByText('Memory on', { exact: true }).count()).toBe(0);
  });

  test('browses its own history with Up and Down', async ({ tab }) => {
    const { page } = tab;
    await shell(page).fill('draft in progress');
    await shell(page).press('ArrowUp');
    expect(await shell(page).inputValue()).toBe('memory off');
    await shell(page).press('ArrowUp');
    expect(await shell(page).inputValue()).toBe('run the caravan');
    await shell(page).press('ArrowDown');
    expect(await shell(page).inputValue()).toBe('memory off');
    await shell(page).press('ArrowDown');
    expect(await shell(page).inputValue()).toBe('draft in progress');
    await shell(page).fill('');
  });

  test('clears entries by tag, then all of them, each after a dialog that says how many go', async ({
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    const restore = await fitViewportToPage(page);
    await shootBothThemes(page, 'workspace-shell');
    await restore();
    await askToClear(page, 'clear comment');
    expect(
      await dialog(page).getByText('Remove 1 <comment> entry from this logbook?', { exact: false }).count(),
    ).toBe(1);
    await dialog(page).getByRole('button', { name: 'Remove 1 entry' }).click();
    await row(page, 'Camels first, then tea.').waitFor({ state: 'detached' });
    const left = await waitForEntries(owner.client, seeded.logid, (e) => !e.some((x) => x.tag === 'comment'));
    expect(left.length).toBeGreaterThan(3);

    // Cancel has the focus, so Enter keeps everything.
    await askToClear(page, 'clear all');
    await dialog(page)
      .getByText(`Remove all ${left.length} entries from this logbook? This cannot be undone.`, {
        exact: true,
      })
      .waitFor();
    const cancel = dialog(page).getByRole('button', { name: 'Cancel' });
    await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    await shootDialog(page, 'workspace-shell-clear-dialog');
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByLabel('Running').waitFor({ state: 'detached' });
    expect(await lastOutput(page, 'clear all')).toBe('Cancelled: nothing was removed.');
    expect(await storedEntries(owner.client, seeded.logid)).toEqual(left);
    await expect.poll(() => shell(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await askToClear(page, 'clear all');
    await dialog(page)
      .getByRole('button', { name: `Remove ${left.length} entries` })
      .click();
    await logArea(page).getByText('This Logbook has no entries yet.', { exact: true }).waitFor();
    expect(await storedEntries(owner.client, seeded.logid)).toEqual([]);
    expect(await lastOutput(page, 'clear all')).toBe(`Removed ${left.length} entries.`);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
