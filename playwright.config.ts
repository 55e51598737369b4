import { defineConfig } from '@playwright/test';

/**
 * The browser tests (e2e/tests) of the built web app in Debian's Chromium. One worker at a time:
 * the machines have two cores. Each file gets a worker, a fresh server and a browser context of its
 * own (e2e/support/fixtures.ts). `npm test` runs them after the build.
 */
export default defineConfig({
  testDir: 'e2e/tests',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  workers: 1,
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
