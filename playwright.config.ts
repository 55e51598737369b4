import { defineConfig } from '@playwright/test';

/**
 * The browser tests (e2e/tests) of the built web app in Debian's Chromium. Two workers on the
 * machines' two cores: a browser test spends most of its time waiting on a page or its server, so
 * two files at a time take about half as long as one. Each file gets a worker, a fresh server and a
 * browser context of its own (e2e/support/fixtures.ts). `npm test` runs them after the build.
 */
export default defineConfig({
  testDir: 'e2e/tests',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  // Assertions wait as the tests' waitFor calls do: long enough for a loaded two-core machine.
  expect: { timeout: 30_000 },
  outputDir: '.artifacts/playwright',
  // The JSON report is what scripts/test.mjs counts.
  reporter: [['list'], ['json', { outputFile: '.artifacts/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Off the network and quiet on a closed machine.
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
