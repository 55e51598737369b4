import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium off the network and quiet on a closed machine. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** Fails, saying what to do, when there is no Chromium to launch. */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
    );
  }
}

/**
 * Debian's Chromium in a fresh profile (so no state leaks between test files), headless and off the
 * network, recording console and page errors. The browser tests and the benchmark both launch it.
 */
export async function openBrowser(
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<Browser> {
  assertChromium();
  const profile = mkdtempSync(join(tmpdir(), 'caravanserai-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  const watch = (p: Page) => {
    p.on('console', (message) => {
      if (message.type() !== 'error') return;
      // The browser reports every 4xx answer as a console error; refused API calls are part of
      // normal use (signed out, wrong password), so only other failures count.
      const apiAnswer =
        message.text().startsWith('Failed to load resource') && message.location().url.includes('/api/');
      if (!apiAnswer) errors.push(`${message.text()} (${message.location().url})`);
    });
    p.on('pageerror', (error) => errors.push(error.message));
  };
  watch(page);
  context.on('page', watch);
  const browser: Browser = {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
  return browser;
}

/** Requests that stay open while a page is shown (a logbook's live events): never "idle". */
const LONG_LIVED = /\/events\/(\?.*)?$/;

/**
 * Waits until the page has had no request in flight for `quietMs`, leaving out the streams a page
 * holds open on purpose (Playwright's `networkidle` would wait for those forever). Requests made
 * before this is called are counted from when they finish.
 */
export async function settled(page: Page, { quietMs = 500, timeoutMs = 30_000 } = {}): Promise<void> {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const started = (request: { url(): string }) => {
    if (LONG_LIVED.test(request.url())) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) throw new Error(`the page did not settle within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
