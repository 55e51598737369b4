import { defineConfig } from 'vitest/config';

/** Tests that talk HTTP to the real server: the API suite, the terminal's commands and the CLI. */
const apiTests = [
  'apps/server/test/**/*.test.ts',
  'packages/mapper/test/**/*.test.ts',
  'apps/cli/test/**/*.test.ts',
];

/**
 * Projects: `unit` (pure packages and server units) and the API suite twice, once per database.
 * scripts/test.mjs runs them all; TEST_POSTGRES=skip leaves out PostgreSQL, loudly.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'tools/*/src/**/*.test.ts'],
        },
      },
      {
        // The web app's components and hooks, with Testing Library in jsdom.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: apiTests,
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tools/test-kit/src/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
