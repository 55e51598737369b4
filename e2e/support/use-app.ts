import type { Logbook } from '@caravanserai/api';
import type { Entry } from '@caravanserai/logbook';
import { type Config, createLogbook } from '@caravanserai/test-kit';
import { type Browser, openBrowser } from '@caravanserai/test-kit/browser';
import { afterAll, beforeAll } from 'vitest';
import { type AppUnderTest, type RunningApp, startApp } from './app-server.js';
import { type SignedInUser, signedInUser, uniqueName } from './flows.js';
import { type Owner, ownerWithWell } from './workspace.js';

/** The browser as tests use it: everything but closing it, which useApp does. */
export type BrowserInUse = Omit<Browser, 'close'>;

export interface UseAppOptions {
  /** Sign a new user up and in through the pages before the tests; this is their username's prefix. */
  user?: string;
  /** With `user`: also give that user a well on the fake provider, making them an Owner. */
  well?: boolean;
  /** Server settings on top of the test defaults, e.g. `{ supportEmail: 'help@example.org' }`. */
  config?: Partial<Config>;
  /** Payments on, against a fake Stripe (`app.stripe`). */
  payments?: boolean;
}

/** What useApp returns: the objects can be taken apart at once, their properties read only in tests and hooks. */
export interface UsedApp {
  readonly app: RunningApp;
  readonly browser: BrowserInUse;
}

/**
 * A stand-in for a value that a beforeAll makes: each of `keys` reads that property of the value,
 * and says so clearly when read before the value exists. It lets a test file take apart what a
 * use… helper returns at module top level, e.g. `const { app, browser } = useApp()`.
 */
function standIn<T extends object, K extends keyof T>(
  what: string,
  keys: readonly K[],
  current: () => T | undefined,
): Pick<T, K> {
  const stand = {} as Pick<T, K>;
  for (const key of keys) {
    Object.defineProperty(stand, key, {
      enumerable: true,
      get: () => {
        const value = current();
        if (value === undefined) {
          throw new Error(`${what} is not ready; read it in tests or hooks, after its beforeAll has run`);
        }
        return value[key];
      },
    });
  }
  return stand;
}

const USER_KEYS = ['username', 'token', 'client'] as const;
const OWNER_KEYS = [...USER_KEYS, 'wellid', 'wellTitle'] as const;

/**
 * The usual setup of a browser test file: the app (real server with fresh data, the built web app,
 * the fake AI provider) and a fresh Chromium started in beforeAll, and with `user` a new user signed
 * up and logged in on the browser's page; both closed in afterAll. It registers those vitest hooks
 * itself, so call it at module top level, e.g. `const { app, browser, user } = useApp({ user: 'amira' })`,
 * then `app.origin`, `browser.page` and `user.username` in a test. Hooks registered after it run
 * after it, and can use it.
 */
export function useApp(options?: { config?: Partial<Config>; payments?: boolean }): UsedApp;
export function useApp(options: {
  user: string;
  well?: false;
  config?: Partial<Config>;
  payments?: boolean;
}): UsedApp & { readonly user: SignedInUser };
export function useApp(options: {
  user: string;
  well: true;
  config?: Partial<Config>;
  payments?: boolean;
}): UsedApp & { readonly user: Owner };
export function useApp(options: UseAppOptions = {}): UsedApp & { readonly user?: SignedInUser | Owner } {
  const { user: prefix, well = false, config = {}, payments = false } = options;
  if (well && prefix === undefined) throw new Error('useApp: a well needs a user (user: prefix)');
  let app: AppUnderTest | undefined;
  let browser: Browser | undefined;
  let user: SignedInUser | undefined;
  let owner: Owner | undefined;

  beforeAll(async () => {
    app = await startApp(config, { payments });
    browser = await openBrowser();
    if (prefix === undefined) return;
    if (well) owner = await ownerWithWell(browser.page, app, prefix);
    else user = await signedInUser(browser.page, app, prefix);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const used: UsedApp = {
    app: standIn('useApp: app', ['server', 'fake', 'stripe', 'origin'], () => app),
    browser: standIn('useApp: browser', ['context', 'page', 'errors'], () => browser),
  };
  if (prefix === undefined) return used;
  if (well) return { ...used, user: standIn('useApp: user', OWNER_KEYS, () => owner) };
  return { ...used, user: standIn('useApp: user', USER_KEYS, () => user) };
}

/** What useLogbook returns: its properties can be read only inside tests and hooks. */
export type UsedLogbook = Pick<Logbook, 'logid' | 'title'>;

export interface LogbookOptions {
  /** A unique 'Workspace …' title unless given. */
  title?: string;
  /** Private unless false. */
  private?: boolean;
  salted?: boolean;
}

/**
 * A logbook of `entries` on `owner`'s well (an Owner from useApp), created in a beforeAll of its
 * own. Call it at module top level after useApp; then `logbook.logid` in a test.
 */
export function useLogbook(
  owner: Owner,
  entries: readonly Entry[],
  options: LogbookOptions = {},
): UsedLogbook {
  let logbook: Logbook | undefined;
  beforeAll(async () => {
    const { title = uniqueName('Workspace '), ...flags } = options;
    logbook = await createLogbook(owner.client, { title, logwell: owner.wellid, entries, ...flags });
  });
  return standIn('useLogbook: logbook', ['logid', 'title'], () => logbook);
}
