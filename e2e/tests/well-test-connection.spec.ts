import { createFakeWell } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import type { RunningApp } from '../support/app-server.js';
import { expect, test } from '../support/fixtures.js';
import { logIn, uniqueName } from '../support/flows.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { openTab, type Tab } from '../support/tab.js';

test.use({ appOptions: { user: 'zaid' } });
test.describe.configure({ mode: 'serial' });

const COMPATIBLE_ORIGIN = 'openai-compatible/llama3.2';
/** What the fake provider lists at /v1/models. */
const SERVED = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1'];
const KEY = `sk-e2e-${uniqueName('check')}-wxyz`;

function host(app: RunningApp): string {
  return new URL(app.fake.url).host;
}

/** Opens the New Well Form and fills it for an OpenAI-compatible server at `baseUrl`. */
async function fillCompatibleWell(
  page: Page,
  origin: string,
  baseUrl: string,
  title = uniqueName('Checked Well '),
) {
  await page.goto(`${origin}/wells/create/`);
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'External AI Provider' }).selectOption(COMPATIBLE_ORIGIN);
  await main.getByRole('textbox', { name: 'Title' }).fill(title);
  await main.getByRole('textbox', { name: 'API Key' }).fill(KEY);
  await main.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  return title;
}

function testButton(page: Page) {
  return page.getByRole('main').getByRole('button', { name: 'Test connection' });
}

test.describe('Test connection on the New Well Form', () => {
  test("reports success and offers the server's models for the model name", async ({ app, tab, user }) => {
    const { page } = tab;
    const title = await fillCompatibleWell(page, app.origin, `${app.fake.url}/v1`);
    const before = app.fake.requests.length;
    await testButton(page).click();
    const main = page.getByRole('main');
    const status = main.getByRole('status');
    await status.getByText(`The server at ${host(app)} answered: 3 models listed.`).waitFor();
    // The fake lists no llama3.2, which the form points out beside the model name.
    // With the server's models to offer, the model name becomes a combobox of them.
    const modelName = main.getByRole('combobox', { name: 'Model name' });
    await main.getByText('Your server does not list llama3.2;', { exact: false }).waitFor();
    expect(app.fake.requests.slice(before).map((r) => r.path)).toEqual(['/v1/models']);

    await modelName.click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(SERVED);
    await shoot(page, 'well-test-models-light');
    await page.getByRole('option', { name: 'gpt-4o', exact: true }).click();
    expect(await modelName.inputValue()).toBe('gpt-4o');
    await main.getByText('Your server lists 3 models: pick one, or type another it serves.').waitFor();
    // Picking a model keeps the result: it was about the server, the address and the key.
    await status.getByText('answered: 3 models listed.', { exact: false }).waitFor();
    await shootBothThemes(page, 'well-test-success');

    await main.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${app.origin}/wells/list/`);
    const saved = (await user.client.wells.list()).wells.find((w) => w.title === title);
    expect(saved?.origin_loc).toBe('openai-compatible/gpt-4o');
  });

  test('reports a wrong address in words, with the raw reason under it', async ({ app, tab }) => {
    const { page } = tab;
    await fillCompatibleWell(page, app.origin, `${app.fake.url}/nothing-here`);
    await testButton(page).click();
    const status = page.getByRole('main').getByRole('status');
    await status
      .getByText(
        `The server at ${host(app)} has no model list at this address (HTTP 404): check the Base URL.`,
      )
      .waitFor();
    await status.getByText("Provider's reason: HTTP 404:", { exact: false }).waitFor();
    expect(await page.getByRole('main').getByRole('textbox', { name: 'Model name' }).inputValue()).toBe(
      'llama3.2',
    );
    await shootBothThemes(page, 'well-test-failure');

    // Changing the address takes the stale result away.
    await page.getByRole('main').getByRole('textbox', { name: 'Base URL' }).fill(`${app.fake.url}/v1`);
    expect(await status.textContent()).toBe('');
  });

  test('shows a refused key without any of it', async ({ app, tab }) => {
    const { page } = tab;
    await fillCompatibleWell(page, app.origin, `${app.fake.url}/v1`);
    app.fake.enqueue({ kind: 'error', status: 401, message: `Incorrect API key provided: ${KEY}` });
    await testButton(page).click();
    const status = page.getByRole('main').getByRole('status');
    await status.getByText(`The server at ${host(app)} refused the API key (HTTP 401).`).waitFor();
    await status.getByText("Provider's reason: HTTP 401: Incorrect API key provided: [key]").waitFor();
    // The key field holds what was typed; the result holds none of it.
    expect(await status.textContent()).not.toContain(KEY.slice(-10));
  });

  test('shows the refusal of a private address next to the Base URL', async ({ app, tab }) => {
    const { page } = tab;
    await fillCompatibleWell(page, app.origin, 'http://10.0.0.1/v1');
    const before = app.fake.requests.length;
    await testButton(page).click();
    const main = page.getByRole('main');
    await main
      .getByText(
        '10.0.0.1 is a private or local address. The server operator can allow it with WELL_ALLOWED_HOSTS.',
      )
      .waitFor();
    await main.getByRole('status').getByText('Check the fields above.').waitFor();
    expect(await main.getByRole('textbox', { name: 'Base URL' }).getAttribute('aria-invalid')).toBe('true');
    expect(app.fake.requests.length).toBe(before);
  });
});

test.describe('Test connection on the well settings', () => {
  test('tests a saved well with its stored key while the key field shows the mask', async ({
    app,
    tab,
    user,
  }) => {
    const { page } = tab;
    const well = await createFakeWell(user.client, app.fake, {
      title: uniqueName('Saved Well '),
      AUTH_MODEL_KEY: KEY,
      origin_loc: 'openai-compatible/gpt-4o-mini',
    });
    await page.goto(`${app.origin}/wells/${well.wellid}/manage`);
    const main = page.getByRole('main');
    expect(await main.getByLabel('API Key').inputValue()).toBe(well.AUTH_MODEL_KEY);
    await testButton(page).click();
    await main
      .getByRole('status')
      .getByText(`The server at ${host(app)} answered: 3 models listed.`)
      .waitFor();
    await main.getByText('Your server lists 3 models: pick one, or type another it serves.').waitFor();
    expect(app.fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});

test.describe('Test connection at 390 px', () => {
  let phone: Tab;
  test.beforeAll(async ({ browser, app, user }) => {
    phone = await openTab(browser, { width: 390, height: 844 });
    await logIn(phone.page, app.origin, user.username);
  });
  test.afterAll(() => phone?.close());

  test('fits the result beside or under the button, success and failure', async ({ app }) => {
    const { page } = phone;
    await fillCompatibleWell(page, app.origin, `${app.fake.url}/v1`);
    await testButton(page).click();
    const status = page.getByRole('main').getByRole('status');
    await status.getByText('answered: 3 models listed.', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shootBothThemes(page, 'well-test-success-390');

    await page
      .getByRole('main')
      .getByRole('textbox', { name: 'Base URL' })
      .fill(`${app.fake.url}/nothing-here`);
    await testButton(page).click();
    await status.getByText("Provider's reason: HTTP 404:", { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shootBothThemes(page, 'well-test-failure-390');
    expect(phone.errors).toEqual([]);
  });
});
