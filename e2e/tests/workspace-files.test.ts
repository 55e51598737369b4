import { readFileSync } from 'node:fs';
import { fromJson, parseLog } from '@caravanserai/logbook';
import { createLogbook, entry, storedEntries } from '@caravanserai/test-kit';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp, useLogbook } from '../support/use-app.js';
import { chooseInLogbookMenu, logArea, openLogbook } from '../support/workspace.js';

const { app, browser, user: owner } = useApp({ user: 'exporter', well: true });
const seeded = useLogbook(owner, [
  entry('context', 'Answer like a caravan master.'),
  entry('query', 'Name a city on the Silk Road & its "river" <name>.', { qid: 'fileq001' }),
  entry('gen', 'Samarkand, on the Zeravshan.', { qid: 'fileq001' }),
  entry('comment', ''),
]);

beforeAll(async () => {
  await openLogbook(browser.page, app, seeded.logid);
});

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });

describe('the workspace: view, exports and deleting the logbook', () => {
  it('switches to the shell view and remembers it across a reload', async () => {
    const { page } = browser;
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

  it('exports the log as XML, Markdown and JSON files named after the logbook', async () => {
    const { page } = browser;
    const stored = await storedEntries(owner.client, seeded.logid);
    const logbook = await owner.client.logbooks.get(seeded.logid);

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

  it('scrolls to the start and the end with Head and Tail', async () => {
    const { page } = browser;
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
    await logArea(page).getByText('Name a city', { exact: false }).waitFor();
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('deletes the whole logbook after the confirmation and lands on the list', async () => {
    const { page } = browser;
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

  it('says when the logbook could not be deleted', async () => {
    const { page } = browser;
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

  it('logs no console errors on the way', () => {
    expect(browser.errors).toEqual([]);
  });
});
