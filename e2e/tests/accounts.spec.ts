import { expect, test } from '../support/fixtures.js';
import { logIn, PASSWORD, signUp, uniqueName } from '../support/flows.js';
import { shootBothThemes } from '../support/screenshots.js';

test.use({ appOptions: {} });
test.describe.configure({ mode: 'serial' });

test.describe('accounts', () => {
  test('signs up, logs in to the shell, shows the user link, and logs out home', async ({ app, tab }) => {
    const { page } = tab;
    const username = uniqueName('amira');
    await page.goto(`${app.origin}/signup/`);
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    await shootBothThemes(page, 'signup');
    await signUp(page, app.origin, username);

    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await shootBothThemes(page, 'login');
    await logIn(page, app.origin, username);
    await page.getByRole('link', { name: username }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authKey'))).toMatch(/^[0-9a-f]{40}$/);
    const cookie = (await tab.context.cookies(app.origin)).find((c) => c.name === 'authToken');
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.secure).toBe(true);

    await page.getByRole('link', { name: 'Logout' }).first().click();
    await page.getByText('Would you like to Logout?').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.origin}/`);
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authKey'))).toBeNull();
    expect((await tab.context.cookies(app.origin)).find((c) => c.name === 'authToken')).toBeUndefined();
  });

  test('says when passwords do not match, without asking the server', async ({ app, tab }) => {
    const { page } = tab;
    let registrations = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/rest-auth/registration')) registrations += 1;
    });
    await page.goto(`${app.origin}/signup/`);
    await page.getByRole('textbox', { name: 'Username' }).fill(uniqueName('tariq'));
    await page.getByRole('textbox', { name: 'Email' }).fill('tariq@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(`${PASSWORD}-typo`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('alert').getByText('Passwords do not match!').waitFor();
    expect(registrations).toBe(0);
  });

  test('shows why a signup failed, next to the field', async ({ app, tab }) => {
    const { page } = tab;
    const taken = uniqueName('taken');
    await signUp(page, app.origin, taken);
    await page.goto(`${app.origin}/signup/`);
    await page.getByRole('textbox', { name: 'Username' }).fill(taken);
    await page.getByRole('textbox', { name: 'Email' }).fill('other@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Signup failed. Please check your details and try again.').waitFor();
    await page.getByText('A user with that username already exists.').waitFor();
    expect(page.url()).toBe(`${app.origin}/signup/`);
  });

  test('refuses a common password, saying why next to the Password field', async ({ app, tab }) => {
    const { page } = tab;
    const username = uniqueName('farida');
    await page.goto(`${app.origin}/signup/`);
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('password');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Signup failed. Please check your details and try again.').waitFor();
    await page.getByText('This password is too common.').waitFor();
    // The message belongs to the Password input itself, as screen readers announce it.
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    const descriptions = await Promise.all(
      describedBy
        .split(' ')
        .filter(Boolean)
        .map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions).toContain('This password is too common.');
    expect(page.url()).toBe(`${app.origin}/signup/`);
  });

  test('refuses wrong credentials with the spec’s alert', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/login/`);
    await page.getByRole('textbox', { name: 'Username' }).fill('nobody-here');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Authentication failed. Please check your credentials.').waitFor();
    expect(page.url()).toBe(`${app.origin}/login/`);
  });

  test('keeps the chosen theme across a reload, light by default', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/`);
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.reload();
    expect(await scheme()).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await scheme()).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await scheme()).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
