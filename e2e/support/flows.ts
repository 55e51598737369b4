import type { ApiClient } from '@caravanserai/api';
import type { Page } from '@playwright/test';
import type { RunningApp } from './app-server.js';

export const PASSWORD = 'caravan-secret-42';

let counter = 0;
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${process.pid}${Date.now().toString(36).slice(-4)}${counter}`;
}

/** Signs up through the Signup page, as a new user would. */
export async function signUp(page: Page, origin: string, username: string): Promise<void> {
  await page.goto(`${origin}/signup/`);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(`${origin}/login/`);
}

/** Logs in through the Login page; it lands on the Shell route. */
export async function logIn(page: Page, origin: string, username: string): Promise<void> {
  await page.goto(`${origin}/login/`);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${origin}/shell/`);
}

export async function signUpAndLogIn(page: Page, origin: string, prefix = 'pilgrim'): Promise<string> {
  const username = uniqueName(prefix);
  await signUp(page, origin, username);
  await logIn(page, origin, username);
  return username;
}

/** The token the app stored at login (local storage `authKey`), for API calls made beside the UI. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('authKey'));
  if (!token) throw new Error('No token in local storage: log in first.');
  return token;
}

export interface SignedInUser {
  username: string;
  token: string;
  /** An API client with the user's token, for calls made beside the UI. */
  client: ApiClient;
}

/** Signs a new user up and in through the pages, and gives their token and an API client. */
export async function signedInUser(page: Page, app: RunningApp, prefix?: string): Promise<SignedInUser> {
  const username = await signUpAndLogIn(page, app.origin, prefix);
  const token = await storedToken(page);
  return { username, token, client: app.server.client(token) };
}

export const JOURNAL_NAME_LABEL =
  "What is the name of this Journal? (don't stress, you can change it whenever)";

/** Creates a journal through the New Journal form; it lands on 'Your Journals'. Returns its jid. */
export async function createJournal(page: Page, origin: string, title: string): Promise<string> {
  await page.goto(`${origin}/journals/create/`);
  await page.getByRole('textbox', { name: JOURNAL_NAME_LABEL }).fill(title);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${origin}/journals/list/`);
  const href = await page.getByRole('link').filter({ hasText: title }).getAttribute('href');
  const jid = /^\/journals\/([^/]+)$/.exec(href ?? '')?.[1];
  if (!jid) throw new Error(`The journal list has no link for '${title}' (href ${href}).`);
  return decodeURIComponent(jid);
}
