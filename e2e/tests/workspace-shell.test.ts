import { beforeAll, describe, expect, it } from 'vitest';
import { shootBothThemes } from '../support/screenshots.js';
import { useApp, useLogbook } from '../support/use-app.js';
import {
  entry,
  fitViewportToPage,
  logArea,
  openLogbook,
  row,
  shellOutput,
  shellRun,
  storedEntries,
  waitForEntries,
  waitForTag,
} from '../support/workspace.js';

const { app, browser, user: owner } = useApp({ user: 'sheller', well: true });
const seeded = useLogbook(owner, [entry('context', 'Reply in one short sentence.')]);

beforeAll(async () => {
  await browser.page.addInitScript(() => localStorage.setItem('logbookView', 'shell'));
});

const shell = () => browser.page.getByRole('textbox', { name: 'Shell' });

/** The text the last command printed (everything after its echoed line). */
async function lastOutput(line: string): Promise<string> {
  const text = await shellOutput(browser.page).innerText();
  const echoed = `Shell> ${line}\n`;
  return text.slice(text.lastIndexOf(echoed) + echoed.length).trim();
}

describe('the shell box', () => {
  it('opens in the shell view with its hint, and lists the commands with help', async () => {
    const { page } = browser;
    await openLogbook(page, app, seeded.logid);
    expect(await shell().getAttribute('placeholder')).toBe('Shell> ');
    await page.getByText("Type 'help' to see commands", { exact: true }).waitFor();
    await shellRun(page, 'help');
    expect(await lastOutput('help')).toBe(
      'Commands: help, clear [tag], comment, context, query, run, memory [on/off/status], echo',
    );
    expect(await shellOutput(page).getAttribute('aria-live')).toBe('polite');
  });

  it('prints the spec’s messages for empty, incomplete and unknown commands', async () => {
    const { page } = browser;
    await shell().fill('');
    await shell().press('Enter');
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
      expect(await lastOutput(line)).toBe(message);
    }
    // None of these touched the log.
    expect(await storedEntries(owner.client, seeded.logid)).toHaveLength(1);
  });

  it('adds comment and context entries, shown in the log at once', async () => {
    const { page } = browser;
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

  it('turns memory on and off and reports it in the log', async () => {
    const { page } = browser;
    await shellRun(page, 'memory status');
    await waitForTag(row(page, 'Chat Memory Off'), 'gen');
    await shellRun(page, 'memory on');
    await waitForTag(row(page, 'Memory Turned On'), 'gen');
    await page.getByText('Memory on', { exact: true }).waitFor();
    await shellRun(page, 'memory status');
    await waitForTag(row(page, 'Chat Memory On'), 'gen');
    await shellRun(page, 'memory sideways');
    await waitForTag(row(page, 'Invalid Command'), 'gen');
  });

  it('asks the well with query and run; with memory on the whole conversation is sent', async () => {
    const { page } = browser;
    app.fake.reset();
    app.fake.enqueue({ kind: 'reply', text: 'Kashgar was the gateway to China.' });
    await shellRun(page, 'query Which oasis led to China?');
    await waitForTag(row(page, 'Which oasis led to China?'), 'query');
    await waitForTag(row(page, 'Kashgar was the gateway to China.'), 'gen');
    const sent = app.fake.requests.at(-1)?.messages ?? [];
    expect(sent[0]?.role).toBe('system');
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'Which oasis led to China?' });
    expect(sent.some((m) => m.content === 'Camels first, then tea.')).toBe(false);

    app.fake.enqueue({ kind: 'reply', text: 'Running along.' });
    await shellRun(page, 'run');
    await waitForTag(row(page, 'Running along.'), 'gen');
    const runEntries = await waitForEntries(owner.client, seeded.logid, (e) =>
      e.some((x) => x.content === 'Running along.'),
    );
    expect(runEntries.some((e) => e.tag === 'query' && e.content === 'run')).toBe(true);

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

  it('browses its own history with Up and Down', async () => {
    await shell().fill('draft in progress');
    await shell().press('ArrowUp');
    expect(await shell().inputValue()).toBe('memory off');
    await shell().press('ArrowUp');
    expect(await shell().inputValue()).toBe('run');
    await shell().press('ArrowDown');
    expect(await shell().inputValue()).toBe('memory off');
    await shell().press('ArrowDown');
    expect(await shell().inputValue()).toBe('draft in progress');
    await shell().fill('');
  });

  it('clears entries by tag, then all of them', async () => {
    const { page } = browser;
    const restore = await fitViewportToPage(page);
    await shootBothThemes(page, 'workspace-shell');
    await restore();
    await shellRun(page, 'clear comment');
    await row(page, 'Camels first, then tea.').waitFor({ state: 'detached' });
    const left = await waitForEntries(owner.client, seeded.logid, (e) => !e.some((x) => x.tag === 'comment'));
    expect(left.length).toBeGreaterThan(3);
    await shellRun(page, 'clear all');
    await logArea(page).getByText('This Logbook has no entries yet.', { exact: true }).waitFor();
    expect(await storedEntries(owner.client, seeded.logid)).toEqual([]);
  });

  it('logs no console errors on the way', () => {
    expect(browser.errors).toEqual([]);
  });
});
