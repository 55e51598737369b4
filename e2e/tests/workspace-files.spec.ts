import { readFileSync } from 'node:fs';
import { fromJson, parseLog } from '@caravanserai/logbook';
import { createLogbook, documentOf, entry } from '@caravanserai/test-kit';
import type { Download, Page } from '@playwright/test';
import { expect, withLogbook } from '../support/fixtures.js';
import { chooseInLogbookMenu, logArea, openLogbook } from '../support/workspace.js';

const test = withLogbook([
  entry('context', 'Answer like a caravan master.'),
  entry('query', 'Name a city on the Silk Road & its "river" <name>.', { qid: 'fileq001' }),
  entry('gen', 'Samarkand, on the Zeravshan.', { qid: 'fileq001' }),
  entry('comment', ''),
]);
test.use({ appOptions: { user: 'exporter', well: true } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ tab, app, seeded }) => {
  await openLogbook(tab.page, app, seeded.logid);
});

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });

test.describe('the workspace: view, exports and deleting the logbook', () => {
  test('switches to the shell view and remembers it across a reload', async ({ tab }) => {
    const { page } = tab;
    const view = page.getByRole('radiogroup', { name: 'View' });
    await view.getByText('Shell', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Shell' }).waitFor();
    await page.getByText("Type 'help' to see commands", { exact: true }).waitFor();
    expect(await scribe(page).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Context Mode' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Comment Mode' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('logbookView'))).toBe('shell');

    await page.reload();
    await page.getByRole('textbox', { name: 'Shell' }).waitFor();
    expect(await scribe(page).count()).toBe(0);
    await view.getByText('Chat', { exact: true }).click();
    await scribe(page).waitFor();
    await page.getByRole('switch', { name: 'Context Mode' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('logbookView'))).toBe('chat');
  });

  async function download(page: Page, name: string): Promise<Download> {
    const [file] = await Promise.all([page.waitForEvent('download'), chooseInLogbookMenu(page, name)]);
    return file;
  }

  test('exports the log as XML, Markdown and JSON files named after the logbook', async ({
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    const logbook = await owner.client.logbooks.get(seeded.logid);
    // The whole document, each entry with its eid: what the XML and JSON exports carry.
    const stored = documentOf(logbook);

    const xml = await download(page, 'Export as .xml file');
    expect(xml.suggestedFilename()).toBe(`${seeded.logid}.xml`);
    const xmlText = readFileSync(await xml.path(), 'utf8');
    expect(xmlText.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xmlText).toContain('Silk Road &amp; its &quot;river&quot; &lt;name&gt;.');
    expect(parseLog(xmlText)).toEqual(stored);

    const md = await download(page, 'Export as Markdown');
    expect(md.suggestedFilename()).toBe(`${seeded.logid}.md`);
    const mdText = readFileSync(await md.path(), 'utf8');
    expect(mdText).toContain(logbook.title);
    expect(mdText).toContain('Answer like a caravan master.');

    const json = await download(page, 'Export as JSON');
    expect(json.suggestedFilename()).toBe(`${seeded.logid}.json`);
    expect(fromJson(readFileSync(await json.path(), 'utf8'))).toEqual(stored);
  });

  test('scrolls to the start and the end with Head and Tail', async ({ tab }) => {
    const { page } = tab;
    // A short window, so this short log scrolls.
    await page.setViewportSize({ width: 1280, height: 420 });
    await page.getByRole('button', { name: 'Tail' }).click();
    await page.waitForFunction(
      () =>
        window.scrollY > 0 &&
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2,
    );
    const atEnd = await page.evaluate(() => window.scrollY);
    await page.getByRole('button', { name: 'Head' }).click();
    await page.waitForFunction((end) => window.scrollY < end, atEnd);
    await expect(logArea(page).getByText('Name a city', { exact: false })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('deletes the whole logbook after the confirmation and lands on the list', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    await chooseInLogbookMenu(page, 'Delete Logbook');
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Are you sure you want to delete this entire logbook? This action cannot be undone.', {
        exact: true,
      })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${app.origin}/logbooks/${seeded.logid}`);

    await chooseInLogbookMenu(page, 'Delete Logbook');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Logbook deleted successfully.', { exact: true }).waitFor();
    await page.waitForURL(`${app.origin}/logbooks/list/`);
    await expect(owner.client.logbooks.get(seeded.logid)).rejects.toMatchObject({ status: 404 });
  });

  test('says when the logbook could not be deleted', async ({ app, tab, owner }) => {
    const { page } = tab;
    const other = await createLogbook(owner.client, {
      logwell: owner.wellid,
      entries: [entry('comment', 'Kept.')],
    });
    await openLogbook(page, app, other.logid);
    await page.route('**/api/journals/logbooks/*/', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 403, json: { detail: 'No.' } })
        : route.fallback(),
    );
    await chooseInLogbookMenu(page, 'Delete Logbook');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText('Failed to delete the logbook. You may not have permission to delete this logbook.', {
        exact: true,
      })
      .waitFor();
    await page.unroute('**/api/journals/logbooks/*/');
    expect(page.url()).toBe(`${app.origin}/logbooks/${other.logid}`);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
