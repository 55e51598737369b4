import type { Logbook } from '@caravanserai/api';
import type { Entry } from '@caravanserai/logbook';
import { type Config, createLogbook } from '@caravanserai/test-kit';
import { test as base } from '@playwright/test';
import { type RunningApp, startApp } from './app-server.js';
import { type SignedInUser, signedInUser, uniqueName } from './flows.js';
import { openTab, type Tab } from './tab.js';
import { type Owner, ownerWithWell } from './workspace.js';

export { expect } from '@playwright/test';

/** How a test file wants its app; each file sets it with `test.use({ appOptions })`. */
export interface AppOptions {
  /** Sign a new user up and in through the pages before the file's tests; their username's prefix. */
  user?: string;
  /** With `user`: also give that user a well on the fake provider, making them an Owner. */
  well?: boolean;
  /** Server settings on top of the test defaults, e.g. `{ supportEmail: 'help@example.org' }`. */
  config?: Partial<Config>;
  /** Payments on, against a fake Stripe (`app.stripe`). */
  payments?: boolean;
  /** Mail on: the server sends through a loopback SMTP server the tests read (`app.mailbox`). */
  mail?: boolean;
}

/** The tab the file's tests share: its context, its page and the errors seen on it. */
export type TabInUse = Omit<Tab, 'close'>;

/** Each part of a file's setup (server, browser context, user, logbook) has this long, apart from the tests'. */
const SETUP_TIMEOUT = 60_000;

interface FileFixtures {
  appOptions: AppOptions;
  /** The real server (fresh data), the built web app and the fake AI provider. */
  app: RunningApp;
  /** One browser context and page for all the file's tests, so state carries from test to test. */
  tab: TabInUse;
  /** The user `appOptions.user` signed up and in on `tab` before the first test, or null. */
  account: SignedInUser | Owner | null;
  /** That user; only with `appOptions.user`. */
  user: SignedInUser;
  /** That user and their well; only with `appOptions.user` and `appOptions.well`. */
  owner: Owner;
}

/**
 * The browser tests' `test`. Its fixtures are worker-scoped, and setting `appOptions` with
 * `test.use` at a file's top level gives the file a worker of its own: a fresh server, a fresh
 * browser context and (with `user`) a new user, shared by the file's tests in order and closed
 * after its last one. Files run their tests serially (`test.describe.configure({ mode: 'serial' })`)
 * since later tests carry on from what earlier ones did.
 */
export const test = base.extend<object, FileFixtures>({
  appOptions: [{}, { scope: 'worker', option: true }],
  app: [
    async ({ appOptions }, use) => {
      const app = await startApp(appOptions.config, { payments: appOptions.payments, mail: appOptions.mail });
      try {
        await use(app);
      } finally {
        await app.close();
      }
    },
    { scope: 'worker', timeout: SETUP_TIMEOUT },
  ],
  tab: [
    async ({ browser }, use) => {
      const tab = await openTab(browser);
      try {
        await use(tab);
      } finally {
        await tab.close();
      }
    },
    { scope: 'worker', timeout: SETUP_TIMEOUT },
  ],
  account: [
    async ({ appOptions, app, tab }, use) => {
      const { user: prefix, well = false } = appOptions;
      if (well && prefix === undefined) throw new Error('appOptions: a well needs a user (user: prefix)');
      if (prefix === undefined) return use(null);
      await use(
        well ? await ownerWithWell(tab.page, app, prefix) : await signedInUser(tab.page, app, prefix),
      );
    },
    // Automatic: the user is signed in before the first test, whichever fixtures it asks for.
    { scope: 'worker', auto: true, timeout: SETUP_TIMEOUT },
  ],
  user: [
    async ({ account }, use) => {
      if (!account) throw new Error('The user fixture needs test.use({ appOptions: { user: prefix } }).');
      await use(account);
    },
    { scope: 'worker' },
  ],
  owner: [
    async ({ account }, use) => {
      if (!account || !('wellid' in account)) {
        throw new Error('The owner fixture needs test.use({ appOptions: { user: prefix, well: true } }).');
      }
      await use(account);
    },
    { scope: 'worker' },
  ],
});

/** The fields of a logbook the tests read. */
export type UsedLogbook = Pick<Logbook, 'logid' | 'title'>;

export interface LogbookOptions {
  /** A unique 'Workspace …' title unless given. */
  title?: string;
  /** Private unless false. */
  private?: boolean;
  salted?: boolean;
  /** As the owner's settings say for new logbooks (on, for a new account) unless given. */
  memory?: boolean;
}

/**
 * The file's `test` with a `seeded` logbook of `entries` on the owner's well, created before the
 * first test (after the owner signs in).
 */
export function withLogbook(entries: readonly Entry[], options: LogbookOptions = {}) {
  return test.extend<object, { seeded: UsedLogbook }>({
    seeded: [
      async ({ owner }, use) => {
        const { title = uniqueName('Workspace '), ...flags } = options;
        const logbook = await createLogbook(owner.client, {
          title,
          logwell: owner.wellid,
          entries,
          ...flags,
        });
        await use({ logid: logbook.logid, title: logbook.title });
      },
      { scope: 'worker', auto: true, timeout: SETUP_TIMEOUT },
    ],
  });
}
