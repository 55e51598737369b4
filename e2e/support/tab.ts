import type { Browser, BrowserContext, Page } from '@playwright/test';

/** A browser context of its own (cookies and storage apart from any other) with one page in it. */
export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far, on any page of the context. */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh context of `browser`, 1280 by 860 and light unless told, recording console and page errors. */
export async function openTab(
  browser: Browser,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<Tab> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const errors: string[] = [];
  const watched = new WeakSet<Page>();
  const watch = (page: Page) => {
    if (watched.has(page)) return;
    watched.add(page);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // The browser reports every 4xx answer as a console error; refused API calls are part of
      // normal use (signed out, wrong password), and so is the 410 page of a withdrawn or removed
      // Bazaar listing (it shows the tombstone): only other failures count.
      const failed = message.text().startsWith('Failed to load resource');
      const url = message.location().url;
      const meant =
        failed &&
        (url.includes('/api/') || (message.text().includes('status of 410') && url.includes('/bazaar/')));
      if (!meant) errors.push(`${message.text()} (${url})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
  };
  context.on('page', watch);
  const page = await context.newPage();
  watch(page);
  return { context, page, errors, close: () => context.close() };
}
