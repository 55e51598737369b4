import { EXAMPLE_LOGBOOKS } from '@caravanserai/api';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { signUpAndLogIn, storedToken } from '../support/flows.js';

/** A server whose API is not where the web app would guess it. */
test.use({ appOptions: { config: { apiPrefix: '/v1', supportEmail: 'desk@v1.example' } } });
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true }).waitFor();

test.describe('the web app on a server with API_PREFIX=/v1', () => {
  const apiCalls: string[] = [];
  const record = (request: Request) => {
    if (request.resourceType() === 'fetch') apiCalls.push(new URL(request.url()).pathname);
  };

  test('signs up, signs in and opens a logbook, every call going to /v1', async ({ app, tab }) => {
    const { page } = tab;
    page.on('request', record);
    try {
      const username = await signUpAndLogIn(page, app.origin, 'voyager');
      await page.getByRole('application', { name: 'Mapper terminal' }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: username, exact: true }).waitFor();

      const client = app.server.client(await storedToken(page));
      const logbook = await client.logbooks.create({ title: 'Through the other gate' });
      await page.goto(`${app.origin}/logbooks/${logbook.logid}`);
      await h1(page, 'Through the other gate');
      await main(page).getByText(`owner: ${username}`, { exact: true }).waitFor();

      const example = EXAMPLE_LOGBOOKS[0];
      await page.goto(`${app.origin}/logbooks/${example.logid}`);
      await h1(page, example.title);
    } finally {
      page.off('request', record);
    }
    for (const call of ['/v1/rest-auth/registration/', '/v1/rest-auth/login/', '/v1/rest-auth/user/']) {
      expect(apiCalls).toContain(call);
    }
    expect(apiCalls.filter((path) => !path.startsWith('/v1/'))).toEqual([]);
  });

  test('shows the support e-mail the page was served with, without asking for it', async ({ app, tab }) => {
    const { page } = tab;
    const configCalls: string[] = [];
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname.endsWith('/config/')) configCalls.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto(`${app.origin}/about/`);
      await main(page).getByRole('link', { name: 'desk@v1.example', exact: true }).waitFor();
    } finally {
      page.off('request', onRequest);
    }
    expect(configCalls).toEqual([]);
    const served = await page.evaluate(() => document.getElementById('caravanserai-config')?.textContent);
    expect(JSON.parse(served ?? '{}')).toMatchObject({ api_prefix: '/v1', support_email: 'desk@v1.example' });
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
