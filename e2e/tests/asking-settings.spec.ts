import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { uniqueName } from '../support/flows.js';
import { shootBothThemes } from '../support/screenshots.js';

test.use({ appOptions: { user: 'asker', well: true } });
test.describe.configure({ mode: 'serial' });

const settings = (page: Page) => page.getByRole('form', { name: 'Settings' });
const instructions = (page: Page) => page.getByRole('textbox', { name: 'Instructions' });
const memoryDefault = (page: Page) => page.getByRole('switch', { name: /^Memory on in new logbooks/ });
const autoTitles = (page: Page) =>
  page.getByRole('switch', { name: /^Name new logbooks after their first answer/ });
const newLogbookButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'New Logbook' });

/**
 * The page loaded again at a phone's 390 px, in both themes (its drawer and header are laid out
 * for the width they load at), with nothing wider than the screen; then the window as it was.
 */
async function shootPhone(page: Page, name: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 860 };
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await ready(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shootBothThemes(page, `${name}-390`);
  await page.setViewportSize(size);
  await page.reload();
  await ready(page);
}

/** The new logbook's id, once its page is open. */
async function openedLogbook(page: Page, before: string): Promise<string> {
  await page.waitForURL((url) => /^\/logbooks\/[^/]+$/.test(url.pathname) && url.href !== before);
  await page.getByRole('textbox', { name: 'Scribe' }).waitFor();
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
}

test.describe('settings for asking', () => {
  test('are on the own profile page: instructions with a count, and how new logbooks start', async ({
    app,
    tab,
    owner,
  }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/u/${owner.username}`);
    await settings(page).waitFor();
    await expect(instructions(page)).toHaveValue('');
    await expect(memoryDefault(page)).toBeChecked();
    await expect(autoTitles(page)).toBeChecked();
    await page.getByText('0 / 20,000 characters', { exact: true }).waitFor();

    await instructions(page).fill('Answer in British English.\nSay when you are unsure.');
    await page.getByText('51 / 20,000 characters', { exact: true }).waitFor();
    await memoryDefault(page).uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await settings(page)
      .getByRole('status')
      .getByText(/Settings saved\./)
      .waitFor();
    await expect
      .poll(async () => {
        const { instructions: text, memory_default, auto_titles } = await owner.client.auth.user();
        return { text, memory_default, auto_titles };
      })
      .toEqual({
        text: 'Answer in British English.\nSay when you are unsure.',
        memory_default: false,
        auto_titles: true,
      });

    await page.reload();
    await expect(instructions(page)).toHaveValue('Answer in British English.\nSay when you are unsure.');
    await expect(memoryDefault(page)).not.toBeChecked();
    await shootBothThemes(page, 'profile-settings');
    await shootPhone(page, 'profile-settings', () => settings(page).waitFor());
  });

  test('another user sees none of them on the profile', async ({ app, browser, owner }) => {
    const context = await browser.newContext();
    const stranger = await context.newPage();
    await stranger.goto(`${app.origin}/u/${owner.username}`);
    await stranger.getByRole('heading', { level: 1, name: `u/${owner.username}` }).waitFor();
    expect(await stranger.getByRole('form', { name: 'Settings' }).count()).toBe(0);
    expect(await stranger.getByText('Answer in British English.').count()).toBe(0);
    await context.close();
  });

  test('new logbooks start with memory as set: the create form, and New Logbook in one step', async ({
    app,
    tab,
    owner,
  }) => {
    const { page } = tab;
    // Off, as saved above: the create form's Memory starts unchecked, and the logbook is made so.
    await page.goto(`${app.origin}/logbooks/create/`);
    const memoryBox = page.getByRole('checkbox', { name: /^Memory/ });
    await expect(memoryBox).not.toBeChecked();
    await shootBothThemes(page, 'logbook-create-memory');
    await page.getByRole('textbox', { name: 'Title' }).fill('Forgetful');
    await page.getByRole('button', { name: 'Submit' }).click();
    const forgetful = await openedLogbook(page, `${app.origin}/logbooks/create/`);
    expect((await owner.client.logbooks.get(forgetful)).memory).toBe(false);
    await expect(page.getByRole('switch', { name: 'Memory' })).not.toBeChecked();

    // On again in the settings: the form starts checked, and New Logbook makes a logbook with memory on.
    await page.goto(`${app.origin}/u/${owner.username}`);
    await memoryDefault(page).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await settings(page).getByRole('status').waitFor();
    await page.goto(`${app.origin}/logbooks/create/`);
    await expect(page.getByRole('checkbox', { name: /^Memory/ })).toBeChecked();

    await newLogbookButton(page).click();
    const remembering = await openedLogbook(page, `${app.origin}/logbooks/create/`);
    expect((await owner.client.logbooks.get(remembering)).memory).toBe(true);
    await expect(page.getByRole('switch', { name: 'Memory' })).toBeChecked();
  });

  test('a journal’s instructions are set in its Settings form', async ({ app, tab, owner }) => {
    const { page } = tab;
    const journal = await owner.client.journals.create({ title: uniqueName('Silk Road ') });
    await page.goto(`${app.origin}/journals/${journal.jid}/manage`);
    await expect(instructions(page)).toHaveValue('');
    await page.getByText("Sent with every question in this journal's logbooks", { exact: false }).waitFor();
    await instructions(page).fill('These logbooks plan one journey: give distances in kilometres.');
    await page.getByText('62 / 20,000 characters', { exact: true }).waitFor();
    await shootBothThemes(page, 'journal-settings');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.origin}/journals/${journal.jid}`);
    expect((await owner.client.journals.get(journal.jid)).instructions).toBe(
      'These logbooks plan one journey: give distances in kilometres.',
    );
    await page.goto(`${app.origin}/journals/${journal.jid}/manage`);
    await expect(instructions(page)).toHaveValue(
      'These logbooks plan one journey: give distances in kilometres.',
    );
    await shootPhone(page, 'journal-settings', () => instructions(page).waitFor());
  });
});
