import type { ApiClient } from '@caravanserai/api';
import { createFakeWell } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { logIn, signUp, uniqueName } from '../support/flows.js';

test.use({ appOptions: { user: 'hajji', well: true } });
test.describe.configure({ mode: 'serial' });

const newLogbookButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'New Logbook' });

/** Waits for the new logbook's page, with the caret in the Scribe; gives its logid. */
async function landsInScribe(page: Page, before: string): Promise<string> {
  await page.waitForURL((url) => /^\/logbooks\/[^/]+$/.test(url.pathname) && url.href !== before);
  await page.getByRole('textbox', { name: 'Scribe' }).waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null))
    .toBe('Scribe');
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
}

async function expectPlacement(client: ApiClient, logid: string, jid: string | null, wellid: string | null) {
  const logbook = await client.logbooks.get(logid);
  expect({ jid: logbook.jid, logwell: logbook.logwell, private: logbook.private }).toEqual({
    jid,
    logwell: wellid,
    private: true,
  });
}

test.describe('New Logbook in one step', () => {
  let older = { logid: '', jid: '' };
  let newer = { logid: '', jid: '', wellid: '' };

  // Two logbooks in two journals on two wells.
  test.beforeAll(async ({ app, owner: user }) => {
    const { client } = user;
    const first = await client.journals.create({ title: uniqueName('Bukhara ') });
    const second = await client.journals.create({ title: uniqueName('Merv ') });
    const otherWell = await createFakeWell(client, app.fake, {
      title: uniqueName('Second Well '),
      AUTH_MODEL_KEY: 'sk-e2e-second-0123',
    });
    const a = await client.logbooks.create({ title: 'Older', journal: first.jid, logwell: user.wellid });
    const b = await client.logbooks.create({
      title: 'Newer',
      journal: second.jid,
      logwell: otherWell.wellid,
    });
    older = { logid: a.logid, jid: first.jid };
    newer = { logid: b.logid, jid: second.jid, wellid: otherWell.wellid };
  });

  test('creates one from the header of several pages, with the last-used journal and well', async ({
    app,
    tab,
    owner: user,
  }) => {
    const { page } = tab;
    for (const path of ['/', '/journals/list/', '/wells/', `/logbooks/${newer.logid}`]) {
      await page.goto(`${app.origin}${path}`);
      await newLogbookButton(page).click();
      const logid = await landsInScribe(page, `${app.origin}${path}`);
      expect(logid, path).not.toBe(newer.logid);
      await expectPlacement(user.client, logid, newer.jid, newer.wellid);
    }
  });

  test('follows the logbook written to last', async ({ app, tab, owner: user }) => {
    const { page } = tab;
    // Writing to the older logbook makes it the most recently used one.
    await user.client.logbooks.update(older.logid, { description: 'Back to Bukhara.' });
    await page.goto(`${app.origin}/about/`);
    await newLogbookButton(page).click();
    const logid = await landsInScribe(page, `${app.origin}/about/`);
    await expectPlacement(user.client, logid, older.jid, user.wellid);
  });

  test('does the same on Ctrl+Shift+O, from a page and from inside the Scribe', async ({
    app,
    tab,
    owner: user,
  }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/journals/`);
    await newLogbookButton(page).waitFor();
    await page.keyboard.press('Control+Shift+O');
    const first = await landsInScribe(page, `${app.origin}/journals/`);
    await expectPlacement(user.client, first, older.jid, user.wellid);

    await page.keyboard.type('typed into the new logbook');
    const firstScribe = await page.getByRole('textbox', { name: 'Scribe' }).elementHandle();
    await page.keyboard.press('Control+Shift+O');
    const second = await landsInScribe(page, `${app.origin}/logbooks/${first}`);
    // The address changes a moment before the new logbook's page replaces the old one.
    await expect.poll(() => firstScribe?.evaluate((element) => element.isConnected)).toBe(false);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null))
      .toBe('Scribe');
    expect(second).not.toBe(first);
    expect(await page.getByRole('textbox', { name: 'Scribe' }).inputValue()).toBe('');
    await expectPlacement(user.client, second, older.jid, user.wellid);
  });

  test('shows the control on a phone too, as a named icon', async ({ app, tab, owner: user }) => {
    const { page } = tab;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.origin}/logbooks/`);
    await newLogbookButton(page).click();
    const logid = await landsInScribe(page, `${app.origin}/logbooks/`);
    await expectPlacement(user.client, logid, older.jid, user.wellid);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('is not offered signed out', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/logout/`);
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.origin}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await newLogbookButton(page).count()).toBe(0);
  });

  test('gives a user without wells or journals a bare logbook, opened in the Scribe', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    const username = uniqueName('novice');
    await signUp(page, app.origin, username);
    await logIn(page, app.origin, username);
    const token = await page.evaluate(() => localStorage.getItem('authKey'));
    await newLogbookButton(page).click();
    const logid = await landsInScribe(page, `${app.origin}/shell/`);
    await expectPlacement(app.server.client(token ?? ''), logid, null, null);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
