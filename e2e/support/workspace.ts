import type { ApiClient } from '@caravanserai/api';
import type { Entry } from '@caravanserai/logbook';
import { createFakeWell, storedEntries } from '@caravanserai/test-kit';
import type { Locator, Page } from '@playwright/test';
import type { RunningApp } from './app-server.js';
import { type SignedInUser, signedInUser, uniqueName } from './flows.js';

export interface Owner extends SignedInUser {
  wellid: string;
  wellTitle: string;
}

/** Signs a new user up and in through the pages, and gives them a well on the fake provider. */
export async function ownerWithWell(page: Page, app: RunningApp, prefix = 'scribe'): Promise<Owner> {
  const user = await signedInUser(page, app, prefix);
  const wellTitle = uniqueName('Fake Well ');
  const well = await createFakeWell(user.client, app.fake, {
    title: wellTitle,
    AUTH_MODEL_KEY: 'sk-e2e-workspace-0123456789',
  });
  return { ...user, wellid: well.wellid, wellTitle };
}

/** Polls the server until `check` holds for the stored entries (writes land after the UI shows them). */
export async function waitForEntries(
  client: ApiClient,
  logid: string,
  check: (entries: Entry[]) => boolean,
  timeoutMs = 10_000,
): Promise<Entry[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const entries = await storedEntries(client, logid);
    if (check(entries)) return entries;
    if (Date.now() > until) throw new Error(`Stored entries never matched: ${JSON.stringify(entries)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function logArea(page: Page): Locator {
  return page.getByRole('main').getByRole('region', { name: 'Log' });
}

/** The log's row whose content includes `text`. */
export function row(page: Page, text: string): Locator {
  return logArea(page).getByRole('listitem').filter({ hasText: text });
}

/** The tag a row is drawn with. */
export async function tagOf(rowLocator: Locator): Promise<string | null> {
  return rowLocator.locator('[data-tag]').getAttribute('data-tag');
}

export async function waitForTag(rowLocator: Locator, tag: string): Promise<void> {
  await rowLocator.locator(`[data-tag="${tag}"]`).waitFor();
}

export async function openLogbook(page: Page, app: RunningApp, logid: string): Promise<void> {
  await page.goto(`${app.origin}/logbooks/${logid}`);
  await logArea(page).getByText('START', { exact: true }).waitFor();
}

/** Runs one line in the shell box and waits for it to finish. */
export async function shellRun(page: Page, line: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Shell' });
  await input.fill(line);
  await input.press('Enter');
  await page.getByRole('log', { name: 'Shell output' }).getByText(`Shell> ${line}`).last().waitFor();
  await page.getByLabel('Running').waitFor({ state: 'detached' });
}

export function shellOutput(page: Page): Locator {
  return page.getByRole('log', { name: 'Shell output' });
}

/**
 * Makes the window as tall as the page before a full-page screenshot, so the sticky toolbar and
 * composer are drawn where they sit in the page rather than over the log.
 */
export async function fitViewportToPage(page: Page): Promise<() => Promise<void>> {
  const original = page.viewportSize() ?? { width: 1280, height: 860 };
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let i = 0; i < 3; i++) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: original.width, height: Math.min(height, 4000) });
    await page.waitForTimeout(150);
  }
  return () => page.setViewportSize(original);
}

/** Opens the logbook page's menu (the exports, Settings and Delete Logbook) and gives it. */
export async function openLogbookMenu(page: Page): Promise<Locator> {
  await page.getByRole('main').getByRole('button', { name: 'Logbook menu' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** Chooses one item of the logbook page's menu. */
export async function chooseInLogbookMenu(page: Page, name: string): Promise<void> {
  const menu = await openLogbookMenu(page);
  await menu.getByRole('menuitem', { name, exact: true }).click();
}

/** The stored answers (gen entries) to the query `qid`. */
export function answersTo(entries: readonly Entry[], qid: string | undefined): Entry[] {
  return entries.filter((e) => e.tag === 'gen' && e.attrs.qid === qid);
}

/** Counts the page's full reads of the logbook (GET of its detail, log included) while `action` runs. */
export async function countLogReads(page: Page, logid: string, action: () => Promise<void>): Promise<number> {
  let reads = 0;
  const path = `/api/journals/logbooks/${logid}/`;
  const listen = (request: { method(): string; url(): string }) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === path) reads += 1;
  };
  page.on('request', listen);
  try {
    await action();
  } finally {
    page.off('request', listen);
  }
  return reads;
}
