import { EXAMPLE_LOGBOOKS } from '@caravanserai/api';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, storedToken } from '../support/flows.js';
import { useApp } from '../support/use-app.js';

/** A server whose API is not where the web app would guess it. */
const { app, browser } = useApp({ config: { apiPrefix: '/v1', supportEmail: 'desk@v1.example' } });

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true }).waitFor();

describe('the web app on a server with API_PREFIX=/v1', () => {
  const apiCalls: string[] = [];
  const record = (request: Request) => {
    if (request.resourceType() === 'fetch') apiCalls.push(new URL(request.url()).pathname);
  };

  it('signs up, signs in and opens a logbook, every call going to /v1', async () => {
    const { page } = browser;
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

  it('shows the support e-mail the page was served with, without asking for it', async () => {
    const { page } = browser;
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

  it('logs no console errors on the way', () => {
    expect(browser.errors).toEqual([]);
  });
});
