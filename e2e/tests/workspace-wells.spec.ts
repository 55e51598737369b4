import { join } from 'node:path';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import { createFakeWell, entry } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { uniqueName } from '../support/flows.js';
import { SCREENSHOT_DIR } from '../support/screenshots.js';
import { logArea, openLogbook, openLogbookMenu, row } from '../support/workspace.js';

test.use({ appOptions: { user: 'wanderer' } });
test.describe.configure({ mode: 'serial' });

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });
const main = (page: Page) => page.getByRole('main');
let camel = '';

async function askAndWait(page: Page, text: string): Promise<void> {
  await scribe(page).fill(text);
  await scribe(page).press('Enter');
  await row(page, `Echo: ${text}`).getByRole('button', { name: 'Regenerate' }).waitFor();
}

/** The window as a phone shows it, in the light and the dark theme. */
async function shootWindow(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${theme}.png`) });
    await page.evaluate(() => {
      const dark = document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark';
      document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'light' : 'dark');
    });
  }
}

test.describe('the workspace: its well, chosen in place', () => {
  test('lets the owner of a logbook without a well pick one right there, or create one first', async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    const logbook = await user.client.logbooks.create({ title: uniqueName('No well '), private: true });
    await openLogbook(page, app, logbook.logid);
    await main(page)
      .getByText('This Logbook has no Well, and you have none yet: create one to ask queries.', {
        exact: true,
      })
      .waitFor();
    expect(await main(page).getByRole('link', { name: 'Create a well' }).getAttribute('href')).toBe(
      '/wells/create/',
    );
    await main(page).getByText('No Well', { exact: true }).waitFor();
    await page
      .getByText('This Logbook has no Well yet: choose one to ask queries.', { exact: true })
      .waitFor();

    camel = uniqueName('Camel Well ');
    await createFakeWell(user.client, app.fake, {
      title: camel,
      AUTH_MODEL_KEY: 'sk-e2e-camel-0123456789',
      origin_loc: 'openai-compatible/camel-model',
    });
    await page.reload();
    const picker = page.getByRole('combobox', { name: 'Well for this logbook' });
    await picker.click();
    await page.getByRole('option', { name: camel }).click();
    const using = main(page).getByRole('link', { name: `Using Well: ${camel}`, exact: true });
    await using.waitFor();
    const stored = await user.client.logbooks.get(logbook.logid);
    expect(await using.getAttribute('href')).toBe(`/wells/${stored.logwell}`);
    await picker.waitFor({ state: 'detached' });

    app.fake.reset();
    await askAndWait(page, 'Which well answers?');
    expect(app.fake.requests.at(-1)?.model).toBe('camel-model');
  });

  test('changes the well from the header, without going to Settings', async ({ app, tab, user }) => {
    const { page } = tab;
    const horse = uniqueName('Horse Well ');
    const well = await createFakeWell(user.client, app.fake, {
      title: horse,
      AUTH_MODEL_KEY: 'sk-e2e-horse-0123456789',
      origin_loc: 'openai-compatible/horse-model',
    });
    await main(page).getByRole('button', { name: 'Change well' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: camel }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Create a well' }).getAttribute('href')).toBe(
      '/wells/create/',
    );
    await menu.getByRole('menuitem', { name: horse }).click();
    await main(page)
      .getByRole('link', { name: `Using Well: ${horse}`, exact: true })
      .waitFor();
    const logid = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
    expect((await user.client.logbooks.get(logid)).logwell).toBe(well.wellid);
    await askAndWait(page, 'And now?');
    expect(app.fake.requests.at(-1)?.model).toBe('horse-model');
  });
});

test.describe('the workspace on a 390 px phone', () => {
  test('opens at the newest entry, Scribe ready, with big named buttons and Mirage apart from Delete', async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    const wells = await user.client.wells.list();
    const entries: Entry[] = [];
    for (let i = 1; i <= 20; i++) {
      entries.push(entry('query', `Question ${i}: how far is stage ${i}?`, { qid: `phone${i}` }));
      entries.push(
        entry('gen', `Stage ${i} is ${i * 30} km on.`, {
          qid: `phone${i}`,
          model: 'openai-compatible/camel-model',
          input_tokens: '12',
          output_tokens: '9',
        }),
      );
    }
    const logbook = await user.client.logbooks.create({
      title: 'Phone caravan',
      logwell: wells.wells[0]?.wellid ?? null,
      log: serializeLog(entries),
      private: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await openLogbook(page, app, logbook.logid);

    const last = row(page, 'Stage 20 is 600 km on.');
    await last.getByRole('button', { name: 'Regenerate' }).waitFor();
    await expect
      .poll(async () => {
        const box = await last.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844;
      })
      .toBe(true);
    expect(await logArea(page).getByText('Question 1: how far', { exact: false }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Scribe');

    const sizes: Record<string, { x: number; width: number; height: number }> = {};
    for (const name of ['Copy', 'Regenerate', 'Comment', 'Context', 'Mirage', 'Delete']) {
      const box = await last.getByRole('button', { name, exact: true }).boundingBox();
      if (!box) throw new Error(`no ${name} button`);
      sizes[name] = box;
      expect(box.width, name).toBeGreaterThanOrEqual(32);
      expect(box.height, name).toBeGreaterThanOrEqual(32);
    }
    const mirage = sizes.Mirage!;
    expect(sizes.Delete!.x - (mirage.x + mirage.width)).toBeGreaterThanOrEqual(8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.mouse.move(0, 0);
    await shootWindow(page, 'workspace-phone-chat');

    // The delete question has Cancel focused: Enter keeps the entry.
    await last.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await last.waitFor();

    // The header folds the exports, Settings and Delete Logbook into its menu.
    await page.evaluate(() => window.scrollTo(0, 0));
    await openLogbookMenu(page);
    await shootWindow(page, 'workspace-phone-menu');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
