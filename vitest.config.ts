import { defineConfig } from 'vitest/config';

/** Tests that talk HTTP to the real server: the API suite, the terminal's commands and the CLI. */
const apiTests = [
  'apps/server/test/**/*.test.ts',
  'packages/mapper/test/**/*.test.ts',
  'apps/cli/test/**/*.test.ts',
];

/**
 * Several server processes of the built server behind Debian's haproxy, on PostgreSQL only
 * (DESIGN 9): the `cluster` project, not the API suite's two.
 */
const clusterTests = ['apps/server/test/cluster/**/*.test.ts'];

/** Unit files that replace a module (vi.mock): they run with modules of their own. */
const replacingModules = ['apps/server/src/providers/url-guard-dns.test.ts'];

/**
 * Projects: `unit` (pure packages and server units), the API suite twice, once per database, and
 * `cluster` (PostgreSQL). scripts/test.mjs runs them all; TEST_POSTGRES=skip leaves out PostgreSQL,
 * the cluster included, loudly.
 *
 * The unit and API files share their modules within a worker (`isolate: false`): importing the
 * server afresh for each of some 250 files took more time than the tests themselves. Each API file
 * still starts its own server over its own database. The few files that replace a module run
 * apart, isolated (`unit-isolated`).
 */
export default defineConfig({
  test: {
    // Two files at a time even on two cores: an API file spends much of its time waiting on its
    // server, the database or a child process, so two together take little more than one.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'tools/*/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...replacingModules],
        },
      },
      {
        test: { name: 'unit-isolated', include: replacingModules },
      },
      {
        // The web app's components and hooks, with Testing Library in jsdom.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup-dom.ts'],
          // Drawing Mantine in jsdom takes seconds beside the API suite on two cores: more than
          // Vitest's default 5 s for a test that clicks through several screens.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api-sqlite',
          isolate: false,
          include: apiTests,
          exclude: ['**/node_modules/**', ...clusterTests],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          isolate: false,
          include: apiTests,
          exclude: ['**/node_modules/**', ...clusterTests],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tools/test-kit/src/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Each file starts its replicas (tens of seconds on a loaded two-core machine) and a
        // test may outwait a proxy's idle timeout; the global setup builds the server first.
        test: {
          name: 'cluster',
          isolate: false,
          include: clusterTests,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tools/test-kit/src/cluster/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
