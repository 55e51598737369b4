import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { shootBothThemes } from '../support/screenshots.js';

test.use({ appOptions: { user: 'keeper', well: true } });
test.describe.configure({ mode: 'serial' });

const panel = (page: Page) => page.getByRole('region', { name: 'API keys' });
const keyList = (page: Page) => panel(page).getByRole('list', { name: 'Your API keys' });

/** Asks the gateway through `wellid` with `key`, as an OpenAI client would; answers the status. */
async function askGateway(origin: string, key: string, wellid: string): Promise<number> {
  const response = await fetch(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: wellid, messages: [{ role: 'user', content: 'Which oasis next?' }] }),
  });
  return response.status;
}

/** Full-page pictures are taken from the top, so the fixed header stays at the top. */
const top = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

let key = '';

test.describe('API keys on the profile page', () => {
  test('makes a key, shows it once with a copy button, and lists it with its last use', async ({
    app,
    tab,
    owner,
  }) => {
    const { page, context } = tab;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    await page.goto(`${app.origin}/u/${owner.username}`);
    await panel(page).getByText('You have no API keys yet.').waitFor();
    await expect(panel(page).getByText(`${app.origin}/v1`, { exact: true })).toBeVisible();

    // A name is needed.
    await panel(page).getByRole('button', { name: 'Create key' }).click();
    await panel(page).getByText('Name the key, e.g. after where it will be used.').waitFor();

    await panel(page).getByRole('textbox', { name: 'Key name' }).fill('laptop scripts');
    await panel(page).getByRole('combobox', { name: 'Expires' }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    await panel(page).getByRole('button', { name: 'Create key' }).click();

    const shown = panel(page).getByLabel('New API key');
    await shown.waitFor();
    key = (await shown.textContent())?.trim() ?? '';
    expect(key).toMatch(/^cvs_[A-Za-z0-9]{40}$/);
    await panel(page).getByRole('button', { name: 'Copy key' }).click();
    await panel(page).getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await top(page);
    await shootBothThemes(page, 'profile-api-key-new');

    // Done: the secret leaves the page; the list has the key, never used yet.
    await panel(page).getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);
    const item = keyList(page).getByRole('listitem', { name: 'laptop scripts' });
    await item.getByText('Never used').waitFor();
    await expect(item.getByText(`${key.slice(0, 10)}…`)).toBeVisible();
    await expect(item.getByText(/Expires /)).toBeVisible();
    expect(await page.content()).not.toContain(key);

    // Used through the gateway, the key shows its last use.
    expect(await askGateway(app.origin, key, owner.wellid)).toBe(200);
    await page.reload();
    await keyList(page)
      .getByRole('listitem', { name: 'laptop scripts' })
      .getByText(/^Last used /)
      .waitFor();
    await top(page);
    await shootBothThemes(page, 'profile-api-keys');
  });

  test('fit a phone: made, shown and revoked at 390 px, nothing wider than the screen', async ({
    app,
    tab,
    owner,
  }) => {
    const { page } = tab;
    const size = page.viewportSize() ?? { width: 1280, height: 860 };
    // The drawer and header are laid out for the width a page loads at.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.origin}/u/${owner.username}`);
    await keyList(page).getByRole('listitem', { name: 'laptop scripts' }).waitFor();
    const narrow = () => page.evaluate(() => document.documentElement.scrollWidth);

    await panel(page)
      .getByRole('textbox', { name: 'Key name' })
      .fill('phone notebook with a rather long name');
    await panel(page).getByRole('button', { name: 'Create key' }).click();
    await panel(page).getByLabel('New API key').waitFor();
    expect(await narrow()).toBeLessThanOrEqual(390);
    await top(page);
    await shootBothThemes(page, 'profile-api-key-new-390');

    await panel(page).getByRole('button', { name: 'Done' }).click();
    const phoneKey = keyList(page).getByRole('listitem', { name: 'phone notebook with a rather long name' });
    await phoneKey.waitFor();
    expect(await narrow()).toBeLessThanOrEqual(390);
    await top(page);
    await shootBothThemes(page, 'profile-api-keys-390');

    await phoneKey.getByRole('button', { name: /^Revoke / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect(phoneKey).toHaveCount(0);
    await page.setViewportSize(size);
  });

  test('revokes a key after asking, and the gateway refuses it at once', async ({ app, tab, owner }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/u/${owner.username}`);
    const item = keyList(page).getByRole('listitem', { name: 'laptop scripts' });
    await item.getByRole('button', { name: 'Revoke laptop scripts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “laptop scripts”?' });
    await dialog.getByText('refused from its next request on', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await askGateway(app.origin, key, owner.wellid)).toBe(200);

    await item.getByRole('button', { name: 'Revoke laptop scripts' }).click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await panel(page).getByText('You have no API keys yet.').waitFor();
    expect(await askGateway(app.origin, key, owner.wellid)).toBe(401);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
