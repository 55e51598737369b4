import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { signUpAndLogIn, storedToken, uniqueName } from '../support/flows.js';
import { shootBothThemes } from '../support/screenshots.js';

test.use({ appOptions: {} });
test.describe.configure({ mode: 'serial' });

const COMPATIBLE_ORIGIN = 'openai-compatible/llama3.2';
const PRIVATE_ADDRESS_ERROR =
  '10.0.0.1 is a private or local address. The server operator can allow it with WELL_ALLOWED_HOSTS.';

/** The texts a field points at with aria-describedby: its description and its error. */
async function describedBy(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' | '),
  );
}

test.describe('wells, signed out', () => {
  test('shows the empty list with hints to log in and to create a well', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/wells/list/`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Your Wells' }).waitFor();
    await main.getByText('No wells found.', { exact: true }).waitFor();
    await main.getByText('You may need to login, then create a well', { exact: true }).waitFor();
    expect(await main.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/login/');
    expect(await main.getByRole('link', { name: 'Create a well' }).getAttribute('href')).toBe(
      '/wells/create/',
    );
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/');
    expect(await crumbs.getByRole('link', { name: 'Well Home' }).getAttribute('href')).toBe('/wells/');
    await crumbs.getByText('Well List', { exact: true }).waitFor();
  });

  test('shows the wells home, also at /wells/private/, with Create Well and Load Well', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    for (const path of ['/wells/private/', '/wells/']) {
      await page.goto(`${app.origin}${path}`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Caravanserai Wells' }).waitFor();
      await main.getByText(/A well is a connected AI model/).waitFor();
      expect(await main.getByRole('link', { name: 'Create Well' }).getAttribute('href')).toBe(
        '/wells/create/',
      );
      expect(await main.getByRole('link', { name: 'Load Well' }).getAttribute('href')).toBe('/wells/list/');
    }
    await shootBothThemes(page, 'well-home');
  });
});

test.describe('wells, signed in', () => {
  let username = '';
  let token = '';
  const apiKey = `sk-e2e-${uniqueName('key')}-wxyz`;
  const maskedKey = `…${apiKey.slice(-4)}`;
  let wellTitle = '';
  let wellid = '';

  test('opens the New Well Form with the origin placeholder disabled and selected', async ({ app, tab }) => {
    const { page } = tab;
    username = await signUpAndLogIn(page, app.origin, 'layla');
    token = await storedToken(page);
    await page.goto(`${app.origin}/wells/`);
    await page.getByRole('main').getByRole('link', { name: 'Create Well' }).click();
    await page.waitForURL(`${app.origin}/wells/create/`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'New Well Form' }).waitFor();

    const titleField = main.getByRole('textbox', { name: 'Title' });
    const keyField = main.getByRole('textbox', { name: 'API Key' });
    const origin = main.getByRole('combobox', { name: 'External AI Provider' });
    await origin.waitFor();
    expect(await titleField.getAttribute('required')).not.toBeNull();
    expect(await keyField.getAttribute('required')).not.toBeNull();
    expect(await keyField.evaluate((el) => (el as HTMLInputElement).type)).toBe('text');
    expect(await keyField.getAttribute('autocomplete')).toBe('off');
    expect(await origin.getAttribute('required')).not.toBeNull();
    const selected = await origin.evaluate((el) => {
      const option = (el as HTMLSelectElement).selectedOptions[0];
      return {
        text: option?.textContent,
        disabled: option?.disabled,
        index: (el as HTMLSelectElement).selectedIndex,
      };
    });
    expect(selected).toEqual({ text: 'Select origin', disabled: true, index: 0 });
    // The choices come from the server, one entry per provider and model.
    expect(await origin.locator(`option[value="${COMPATIBLE_ORIGIN}"]`).count()).toBe(1);
    expect(await main.getByRole('textbox', { name: 'Base URL' }).count()).toBe(0);
  });

  test('asks for the required fields before asking the server', async ({ app, tab }) => {
    const { page } = tab;
    let posts = 0;
    const count = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && r.url().includes('/api/journals/wells/')) posts += 1;
    };
    page.on('request', count);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Submit' }).click();
    await main.getByText('Title is required', { exact: true }).waitFor();
    await main.getByText('API Key is required', { exact: true }).waitFor();
    await main.getByText('Select an AI provider and model', { exact: true }).waitFor();
    page.off('request', count);
    expect(posts).toBe(0);
    expect(page.url()).toBe(`${app.origin}/wells/create/`);
  });

  test('shows the Base URL field for an OpenAI-compatible choice', async ({ tab }) => {
    const { page } = tab;
    const main = page.getByRole('main');
    await main.getByRole('combobox', { name: 'External AI Provider' }).selectOption(COMPATIBLE_ORIGIN);
    const baseUrl = main.getByRole('textbox', { name: 'Base URL' });
    await baseUrl.waitFor();
    expect(await main.getByRole('textbox', { name: 'Model name' }).inputValue()).toBe('llama3.2');
    wellTitle = uniqueName('Merv Well ');
    await main.getByRole('textbox', { name: 'Title' }).fill(wellTitle);
    await main.getByRole('textbox', { name: 'API Key' }).fill(apiKey);
    await shootBothThemes(page, 'well-create');
  });

  test("shows the server's refusal of a private address next to the Base URL and stays", async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    const main = page.getByRole('main');
    const baseUrl = main.getByRole('textbox', { name: 'Base URL' });
    await baseUrl.fill('http://10.0.0.1/v1');
    await main.getByRole('button', { name: 'Submit' }).click();
    await main.getByText(PRIVATE_ADDRESS_ERROR, { exact: true }).waitFor();
    expect(await baseUrl.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(baseUrl)).toContain(PRIVATE_ADDRESS_ERROR);
    expect(page.url()).toBe(`${app.origin}/wells/create/`);
    expect((await app.server.client(token).wells.list()).wells).toEqual([]);
  });

  test("creates the well at the fake provider's address and lands on the list", async ({ app, tab }) => {
    const { page } = tab;
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Base URL' }).fill(`${app.fake.url}/v1`);
    await main.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${app.origin}/wells/list/`);
    await main.getByRole('heading', { name: 'Your Wells' }).waitFor();
    const card = main.getByRole('link').filter({ hasText: wellTitle });
    await card.getByText(`Well Name: ${wellTitle}`, { exact: true }).waitFor();
    await card.getByText(`Model: ${COMPATIBLE_ORIGIN}`, { exact: true }).waitFor();
    const href = await card.getAttribute('href');
    wellid = decodeURIComponent(/^\/wells\/([^/]+)$/.exec(href ?? '')?.[1] ?? '');
    expect(wellid).not.toBe('');
    await card.getByText(`Well ID: ${wellid}`, { exact: true }).waitFor();
    expect(await main.getByRole('link', { name: 'New Well' }).getAttribute('href')).toBe('/wells/create/');
    await shootBothThemes(page, 'well-list');
  });

  test('shows the well: provider, model, ID and only the masked key', async ({ app, tab }) => {
    const { page } = tab;
    await page.getByRole('main').getByRole('link').filter({ hasText: wellTitle }).click();
    await page.waitForURL(`${app.origin}/wells/${wellid}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: wellTitle }).waitFor();
    expect(await main.getByRole('link', { name: username, exact: true }).getAttribute('href')).toBe(
      `/u/${username}`,
    );
    await main.getByText(`Well Provider: ${app.fake.url}/v1`, { exact: true }).waitFor();
    await main.getByText(`Well Model: ${COMPATIBLE_ORIGIN}`, { exact: true }).waitFor();
    await main.getByText(`Well ID: ${wellid}`, { exact: true }).waitFor();
    await main.getByText(`API Key: ${maskedKey}`, { exact: true }).waitFor();
    expect(await page.content()).not.toContain(apiKey);
    expect(await main.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      `/wells/${wellid}/manage`,
    );
    await shootBothThemes(page, 'well-detail');
  });

  test('opens the new logbook form with this well preselected from Create Logbook', async ({ app, tab }) => {
    const { page } = tab;
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Create Logbook' }).click();
    await page.waitForURL((url) => url.pathname === '/logbooks/create/');
    const wellSelect = main.getByRole('combobox', { name: 'Select Well' });
    await wellSelect.waitFor();
    expect(await wellSelect.inputValue()).toBe(wellid);
    await page.goBack();
    await page.waitForURL(`${app.origin}/wells/${wellid}`);
    await main.getByRole('heading', { name: wellTitle }).waitFor();
  });

  test('prefills the settings with the masked key and keeps the key when only the title changes', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${app.origin}/wells/${wellid}/manage`);
    const main = page.getByRole('main');
    const titleField = main.getByRole('textbox', { name: 'Title' });
    await titleField.waitFor();
    expect(await titleField.inputValue()).toBe(wellTitle);
    const keyField = main.getByLabel('API Key');
    expect(await keyField.evaluate((el) => (el as HTMLInputElement).type)).toBe('password');
    expect(await keyField.inputValue()).toBe(maskedKey);
    expect(await keyField.getAttribute('required')).not.toBeNull();
    const origin = main.getByRole('combobox', { name: 'External AI Provider' });
    expect(await origin.inputValue()).toBe(COMPATIBLE_ORIGIN);
    expect(await origin.locator('option', { hasText: 'Select origin' }).isDisabled()).toBe(true);
    expect(await main.getByRole('textbox', { name: 'Base URL' }).inputValue()).toBe(`${app.fake.url}/v1`);
    expect(await page.content()).not.toContain(apiKey);
    await shootBothThemes(page, 'well-manage');

    const renamed = uniqueName('Merv Well Renamed ');
    await titleField.fill(renamed);
    await main.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.origin}/wells/${wellid}`);
    await main.getByRole('heading', { name: renamed }).waitFor();
    await main.getByText(`API Key: ${maskedKey}`, { exact: true }).waitFor();
    wellTitle = renamed;

    // The stored key is still the original one: the provider receives it with a query.
    const client = app.server.client(token);
    const logbook = await client.logbooks.create({ title: 'Key check', logwell: wellid });
    const before = app.fake.requests.length;
    const answer = await client.queries.submit({ logid: logbook.logid, prompt: 'Is the key intact?' });
    expect(answer.modified_status).toBe(true);
    const sent = app.fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(sent[0]?.model).toBe('llama3.2');
  });

  test('goes back unchanged with Exit Without Saving', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/wells/${wellid}/manage`);
    const main = page.getByRole('main');
    const titleField = main.getByRole('textbox', { name: 'Title' });
    await titleField.waitFor();
    await titleField.fill('A title that is never saved');
    await main.getByRole('link', { name: 'Exit Without Saving' }).click();
    await page.waitForURL(`${app.origin}/wells/${wellid}`);
    await main.getByRole('heading', { name: wellTitle }).waitFor();
    expect(await page.getByText('A title that is never saved').count()).toBe(0);
    expect((await app.server.client(token).wells.get(wellid)).wells.title).toBe(wellTitle);
  });

  test("says another user's well is forbidden, on its page and its settings", async ({ app, tab }) => {
    const { page } = tab;
    const other = await app.server.signup('karim');
    const theirs = await other.client.wells.create({
      title: 'Not your well',
      AUTH_MODEL_KEY: 'sk-someone-elses-key-1234',
      origin_loc: 'openai/gpt-4o-mini',
    });
    await page.goto(`${app.origin}/wells/${theirs.wellid}`);
    const main = page.getByRole('main');
    await main.getByText('This Well is Forbidden...', { exact: true }).waitFor();
    expect(await main.getByText('Not your well').count()).toBe(0);

    await page.goto(`${app.origin}/wells/${theirs.wellid}/manage`);
    await main.getByText('This Well is Forbidden...', { exact: true }).waitFor();
    expect(await main.getByRole('textbox', { name: 'Title' }).count()).toBe(0);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
