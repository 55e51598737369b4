import { entry, storedEntries } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { expect, withLogbook } from '../support/fixtures.js';
import { openLogbook, row, waitForEntries, waitForTag } from '../support/workspace.js';

const test = withLogbook([
  entry('query', 'Name a city on the Silk Road & its "river" <name>.', { qid: 'editq001' }),
  entry('gen', 'Samarkand, in present-day Uzbekistan.', { qid: 'editq001' }),
  entry('gen', 'Bukhara & "Khiva" <both> too.', { qid: 'editq001' }),
]);
test.use({ appOptions: { user: 'editor', well: true } });
test.describe.configure({ mode: 'serial' });

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });

/** Counts tag submits while `action` runs. */
async function tagSubmits(page: Page, action: () => Promise<void>): Promise<number> {
  let count = 0;
  const listen = (request: { url(): string }) => {
    if (request.url().includes('/journals/tag/submit/')) count += 1;
  };
  page.on('request', listen);
  await action();
  await page.waitForTimeout(300);
  page.off('request', listen);
  return count;
}

test.describe('the workspace: compose modes, toggles and deletion', () => {
  test('adds context and comment entries with the mode switches, and ignores blank messages', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    await openLogbook(page, app, seeded.logid);
    const contextMode = page.getByRole('switch', { name: 'Context Mode' });
    const commentMode = page.getByRole('switch', { name: 'Comment Mode' });
    await contextMode.check();
    await scribe(page).fill('Answer like a caravan master.');
    await page.getByRole('button', { name: 'Send' }).click();
    await waitForTag(row(page, 'Answer like a caravan master.'), 'context');

    // The switches exclude each other.
    await commentMode.check();
    expect(await contextMode.isChecked()).toBe(false);
    await scribe(page).fill('Only a note to myself.');
    await scribe(page).press('Enter');
    await waitForTag(row(page, 'Only a note to myself.'), 'comment');
    const stored = await waitForEntries(owner.client, seeded.logid, (e) => e.length === 5);
    expect(stored.slice(3)).toEqual([
      entry('context', 'Answer like a caravan master.'),
      entry('comment', 'Only a note to myself.'),
    ]);

    const sent = await tagSubmits(page, async () => {
      await scribe(page).fill('   \n  ');
      await scribe(page).press('Enter');
    });
    expect(sent).toBe(0);
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await commentMode.uncheck();
  });

  test('grows the Scribe from one row up to ten with Shift+Enter, and sends with Ctrl+Enter', async ({
    tab,
  }) => {
    const { page } = tab;
    const box = scribe(page);
    await box.fill('');
    const oneRow = (await box.boundingBox())?.height ?? 0;
    await box.pressSequentially('line one');
    await box.press('Shift+Enter');
    await box.pressSequentially('line two');
    expect(await box.inputValue()).toBe('line one\nline two');
    const twoRows = (await box.boundingBox())?.height ?? 0;
    expect(twoRows - oneRow).toBeCloseTo(24, -1);
    await box.fill(Array.from({ length: 20 }, (_, i) => `row ${i}`).join('\n'));
    const tallest = (await box.boundingBox())?.height ?? 0;
    expect(tallest - oneRow).toBeCloseTo(9 * 24, -1);

    await page.getByRole('switch', { name: 'Comment Mode' }).check();
    await box.fill('Sent with the keyboard');
    await box.press('Control+Enter');
    await waitForTag(row(page, 'Sent with the keyboard'), 'comment');
    await page.getByRole('switch', { name: 'Comment Mode' }).uncheck();
  });

  test('toggles comment, context and mirage on an entry and back to gen, at once and on the server', async ({
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    const answer = row(page, 'Samarkand, in present-day');
    const index = 1;
    for (const [label, tag] of [
      ['Comment', 'comment'],
      ['Context', 'context'],
      ['Mirage', 'mirage'],
    ] as const) {
      await answer.getByRole('button', { name: label, exact: true }).click();
      await waitForTag(answer, tag);
      await waitForEntries(owner.client, seeded.logid, (e) => e[index]?.tag === tag);
      // Pressed again, the same button hands the entry back to gen.
      expect(
        await answer.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
      await answer.getByRole('button', { name: label, exact: true }).click();
      await waitForTag(answer, 'gen');
      await waitForEntries(owner.client, seeded.logid, (e) => e[index]?.tag === 'gen');
    }
    // A toggle that is not the entry's tag re-tags it directly.
    const query = row(page, 'Name a city');
    await query.getByRole('button', { name: 'Context', exact: true }).click();
    await waitForTag(query, 'context');
    await waitForEntries(owner.client, seeded.logid, (e) => e[0]?.tag === 'context');
    await query.getByRole('button', { name: 'Comment', exact: true }).click();
    await waitForTag(query, 'comment');
    const stored = await waitForEntries(owner.client, seeded.logid, (e) => e[0]?.tag === 'comment');
    expect(stored[0]).toEqual(
      entry('comment', 'Name a city on the Silk Road & its "river" <name>.', { qid: 'editq001' }),
    );
  });

  test('reloads instead of overwriting when the entry changed elsewhere (409)', async ({
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    const answer = row(page, 'Samarkand, in present-day');
    // The page stops hearing of changes, as a hidden tab does, so it still holds the old entry.
    const hidden = (value: boolean) =>
      page.evaluate((on) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => on });
        document.dispatchEvent(new Event('visibilitychange'));
      }, value);
    await page.route('**/api/journals/logbooks/*/events/', (route) => route.abort());
    await hidden(true);
    try {
      // Another client marks it a mirage behind this page's back.
      await owner.client.entries.write({ logid: seeded.logid, tag: 'gen', index: 1, fresh_tag: 'mirage' });
      await answer.getByRole('button', { name: 'Comment', exact: true }).click();
      await page.getByText('The logbook changed meanwhile', { exact: true }).waitFor();
      await waitForTag(answer, 'mirage');
      expect((await storedEntries(owner.client, seeded.logid))[1]?.tag).toBe('mirage');
    } finally {
      await hidden(false);
      await page.unroute('**/api/journals/logbooks/*/events/');
    }
  });

  test('deletes an entry after the confirmation, and keeps it on Cancel (which has the focus)', async ({
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    const target = row(page, 'Bukhara & "Khiva"');
    await target.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this Logbook entry?', { exact: true }).waitFor();
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    // Enter keeps the entry.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await target.waitFor();

    await target.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await target.waitFor({ state: 'detached' });
    const stored = await waitForEntries(owner.client, seeded.logid, (e) => e[2]?.content === '');
    expect(stored[2]?.tag).toBe('gen');
    expect(stored).toHaveLength(6);
  });
});

test.describe('the workspace: console', () => {
  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
