import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { chatGptConversation, chatGptExport, turnsWith } from '../support/chat-exports.js';
import { expect, test } from '../support/fixtures.js';
import { signUpAndLogIn, uniqueName } from '../support/flows.js';

test.use({ appOptions: { user: 'yusuf' } });
test.describe.configure({ mode: 'serial' });

async function chooseFile(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.getByRole('main').locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
  await page.getByRole('main').getByText(name, { exact: true }).waitFor();
}

test.describe('import page', () => {
  const first = uniqueName('Spice prices ');
  const second = uniqueName('Silk weights ');

  test('is linked from Logbooks and explains the exports it takes', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logbooks/`);
    await page.getByRole('main').getByRole('link', { name: 'Import chats' }).click();
    await page.waitForURL(`${app.origin}/journals/import/`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Import chats' }).waitFor();
    for (const source of ['ChatGPT:', 'Claude:', 'Open WebUI:', 'LibreChat:', 'Caravanserai:']) {
      await main.getByText(source, { exact: true }).waitFor();
    }
    await main.getByRole('combobox', { name: 'Journal' }).waitFor();
    expect(await main.getByRole('combobox', { name: 'Journal' }).inputValue()).toBe('New journal');
  });

  test('imports a ChatGPT conversations.json and lists what became a logbook', async ({ app, tab }) => {
    const { page } = tab;
    const file = chatGptExport([
      chatGptConversation(uniqueName('c1-'), first, turnsWith(2, 0, 'What did pepper cost in Samarkand?')),
      chatGptConversation(uniqueName('c2-'), second, turnsWith(3, 1, 'How heavy is a bale of silk?')),
    ]);
    await page.goto(`${app.origin}/journals/import/`);
    await chooseFile(page, 'conversations.json', 'application/json', file);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Import' }).click();
    await main.getByRole('heading', { name: 'Import finished' }).waitFor();
    await main.getByText('2 conversations imported, 0 updated, 0 duplicates, 0 skipped.').waitFor();
    await main.getByText('ChatGPT export', { exact: true }).waitFor();
    expect(tab.errors).toEqual([]);

    await main.getByRole('link', { name: second }).click();
    await page.waitForURL(/\/logbooks\/[^/#]+$/);
    await page.getByRole('main').getByText('How heavy is a bale of silk?').waitFor();
  });

  test('shows the upload going, in percent of the bytes sent', async ({ app, tab }) => {
    const { page, context } = tab;
    const long = 'The caravan rested at the well. '.repeat(40_000);
    const file = chatGptExport([
      chatGptConversation(uniqueName('big-'), uniqueName('A long tale '), [
        { user: 'Tell it all.', assistant: long },
      ]),
    ]);
    await page.goto(`${app.origin}/journals/import/`);
    await chooseFile(page, 'conversations.json', 'application/json', file);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // About 1 MB a second: the 1.3 MB upload takes long enough to be seen going.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    try {
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Import' }).click();
      const bar = main.getByRole('progressbar', { name: 'Upload progress' });
      await expect(bar).toBeVisible();
      await expect(main.getByText(/^Uploading… \d+%$/)).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Import finished' })).toBeVisible();
      await expect(
        main.getByText('1 conversation imported, 0 updated, 0 duplicates, 0 skipped.'),
      ).toBeVisible();
    } finally {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
    }
  });

  test('counts the same file again as duplicates', async ({ app, tab }) => {
    const { page } = tab;
    const id = uniqueName('dup-');
    const file = chatGptExport([
      chatGptConversation(id, uniqueName('Twice '), turnsWith(1, 0, 'Once more?')),
    ]);
    await page.goto(`${app.origin}/journals/import/`);
    const main = page.getByRole('main');
    await chooseFile(page, 'conversations.json', 'application/json', file);
    await main.getByRole('button', { name: 'Import' }).click();
    await expect(
      main.getByText('1 conversation imported, 0 updated, 0 duplicates, 0 skipped.'),
    ).toBeVisible();
    await main.getByRole('button', { name: 'Import' }).click();
    await expect(
      main.getByText('0 conversations imported, 0 updated, 1 duplicate, 0 skipped.'),
    ).toBeVisible();
  });

  test("shows the server's message for a file of no known format", async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/journals/import/`);
    await chooseFile(page, 'notes.json', 'application/json', Buffer.from('{"hello": "world"}'));
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Import' }).click();
    const alert = main.getByRole('alert').filter({ hasText: 'This file could not be imported' });
    await alert.waitFor();
    expect((await alert.innerText()).length).toBeGreaterThan('This file could not be imported'.length + 10);
    expect(await main.getByRole('heading', { name: 'Import finished' }).count()).toBe(0);
  });

  test('asks for a file before uploading, keyboard only', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/journals/import/`);
    const button = page.getByRole('main').getByRole('button', { name: 'Import' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main').getByText('Choose a file to import.')).toBeVisible();
  });
});

test.describe('backup and restore', () => {
  test('downloads a backup zip and restores it into another account', async ({ app, tab, user }) => {
    const { page } = tab;
    const title = uniqueName('Backed up ');
    await page.goto(`${app.origin}/journals/import/`);
    await chooseFile(
      page,
      'conversations.json',
      'application/json',
      chatGptExport([chatGptConversation(uniqueName('b-'), title, turnsWith(2, 1, 'Keep this safe.'))]),
    );
    await page.getByRole('main').getByRole('button', { name: 'Import' }).click();
    await page.getByRole('main').getByRole('heading', { name: 'Import finished' }).waitFor();

    await page.goto(`${app.origin}/u/${user.username}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Backup and restore' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Download backup' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const path = await download.path();
    const zip = readFileSync(path);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');

    await page.goto(`${app.origin}/logout/`);
    await main.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.origin}/`);
    const other = await signUpAndLogIn(page, app.origin, 'zeynep');
    await page.goto(`${app.origin}/u/${other}`);
    await chooseFile(page, download.suggestedFilename(), 'application/zip', zip);
    await main.getByRole('button', { name: 'Restore from backup' }).click();
    await main.getByRole('heading', { name: 'Restore finished' }).waitFor();
    await main.getByText('Caravanserai backup', { exact: true }).waitFor();
    await main.getByRole('link', { name: title }).waitFor();
    await page.screenshot({ path: '/tmp/shots/profile-restored.png', fullPage: true });

    await page.goto(`${app.origin}/logbooks/list/`);
    await page.getByRole('main').getByText(title).first().waitFor();
  });
});
