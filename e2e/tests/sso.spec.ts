import { type OidcProvider, startOidcProvider } from '@caravanserai/test-kit/oidc';
import { type AppUnderTest, startApp } from '../support/app-server.js';
import { expect, test } from '../support/fixtures.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { openTab } from '../support/tab.js';

test.use({ appOptions: {} });
test.describe.configure({ mode: 'serial' });

/** The label the server's identity provider goes by on the login page. */
const LABEL = 'Acme ID';

/** A real OpenID provider (oidc-provider) on loopback, and a server signing people in with it. */
let idp: OidcProvider;
let sso: AppUnderTest;
test.beforeAll(async () => {
  idp = await startOidcProvider([
    { login: 'nadia', email: 'nadia.haddad@acme.example', email_verified: true, preferred_username: 'nadia' },
    { login: 'omar', email: 'omar@acme.example', email_verified: false },
  ]);
  sso = await startApp({ oidc: idp.settings({ label: LABEL }) });
});
test.afterAll(async () => {
  await sso?.close();
  await idp?.close();
});

/** The errors of this app's pages: the provider's development pages load web fonts, offline here. */
const ours = (errors: string[]) =>
  errors.filter((error) => !error.includes(idp.issuer) && !error.includes('fonts.googleapis.com'));

/** Signs in at the provider's own page, as a person types it. */
async function signInAtProvider(page: import('@playwright/test').Page, login: string) {
  await page.waitForURL(`${idp.issuer}/interaction/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The provider asks a loopback (native) client's user to confirm each time.
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('single sign-on', () => {
  test('shows no button while the server has no identity provider', async ({ app, tab }) => {
    await tab.page.goto(`${app.origin}/login/`);
    await tab.page.getByRole('button', { name: 'Login' }).waitFor();
    await expect(tab.page.getByRole('button', { name: /^Sign in with/ })).toHaveCount(0);
  });

  test("offers 'Sign in with Acme ID' on the login page, light, dark and 390 px wide", async ({
    tab,
    browser,
  }) => {
    const { page } = tab;
    await page.goto(`${sso.origin}/login/`);
    await page.getByRole('button', { name: `Sign in with ${LABEL}` }).waitFor();
    await expect(page.getByText('or with your password')).toBeVisible();
    await shootBothThemes(page, 'login-sso');

    const phone = await openTab(browser, { width: 390, height: 844 });
    try {
      await phone.page.goto(`${sso.origin}/login/`);
      const button = phone.page.getByRole('button', { name: `Sign in with ${LABEL}` });
      await button.waitFor();
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(phone.page, 'login-sso-390');
    } finally {
      await phone.close();
    }
  });

  test('goes to the provider, signs in at its page and lands signed in', async ({ tab }) => {
    const { page } = tab;
    await page.goto(`${sso.origin}/login/`);
    await page.getByRole('button', { name: `Sign in with ${LABEL}` }).click();
    await signInAtProvider(page, 'nadia');
    await page.waitForURL(`${sso.origin}/shell/`);
    await page.getByRole('link', { name: 'nadia' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authKey'))).toMatch(/^[0-9a-f]{40}$/);
    // The attempt's browser key was used once and forgotten.
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    const token = await page.evaluate(() => localStorage.getItem('authKey'));
    expect((await sso.server.client(token).auth.user()).email).toBe('nadia.haddad@acme.example');
  });

  test('says in words why the server refused, with the way back to the login page', async ({
    tab,
    browser,
  }) => {
    const other = await openTab(browser);
    try {
      const { page } = other;
      await page.goto(`${sso.origin}/login/`);
      await page.getByRole('button', { name: `Sign in with ${LABEL}` }).click();
      await signInAtProvider(page, 'omar');
      await page.waitForURL(`${sso.origin}/login/sso/`);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('You are not signed in');
      await expect(alert).toContainText('Your e-mail address is not verified at the sign-in provider');
      // The provider's code is gone from the address.
      expect(new URL(page.url()).search).toBe('');
      await shootBothThemes(page, 'sso-refused');
      await page.getByRole('link', { name: 'Back to the login page' }).click();
      await page.getByRole('button', { name: `Sign in with ${LABEL}` }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('authKey'))).toBeNull();
      expect(ours(other.errors)).toEqual([]);
    } finally {
      await other.close();
    }
    expect(ours(tab.errors)).toEqual([]);
  });
});
