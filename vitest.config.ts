import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@chain': fileURLToPath(new URL('./src/chain', import.meta.url)),
  '@local-chain': fileURLToPath(new URL('./src/local-chain', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
};
const setupFiles = ['tests/setup/fail-on-console-error.ts'];
/**
 * Each test file runs in a new worker process, and most load drizzle-orm: without this hook that took 0.6–0.9 s of
 * CPU per file in Node's module resolution (scripts/drizzle-resolve.mjs).
 */
const execArgv = ['--import', fileURLToPath(new URL('./scripts/drizzle-resolve.mjs', import.meta.url))];
/**
 * Unit and API test files mostly wait (for a database, a local chain, a server they started): one per core, where
 * vitest's default is one fewer, which on a two-core machine ran them one at a time. The projects of one
 * `sequence.groupOrder` must agree on it. The browser journeys (group 1) keep the default: a server and Debian's
 * Chromium use a core each, and two files at a time took CI as long as one (3,342 s against 3,347, 2026-11-29).
 */
const maxWorkers = availableParallelism();

/** The API tests run once per database driver: always on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. */
function apiProject(driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name: `api-${driver}`,
      maxWorkers,
      execArgv,
      include: ['tests/api/**/*.test.ts'],
      // PGlite has no replicas: the streaming-replica tests are PostgreSQL's alone (not skipped: not collected).
      exclude: driver === 'pglite' ? ['tests/api/db/read-replicas.test.ts'] : [],
      env: { TEST_DB_DRIVER: driver },
      setupFiles,
      globalSetup: [`tests/helpers/${driver}-global-setup.ts`],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './tests/reporters/summary-reporter.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          maxWorkers,
          execArgv,
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          setupFiles,
          testTimeout: 30_000,
          // Some set-ups start an embedded database or a local validator: seconds on two shared cores.
          hookTimeout: 60_000,
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      {
        resolve: { alias },
        test: {
          // Browser journeys: the real built app on a real server process, driven in Chromium. They run after the
          // other projects (groupOrder) so two cores are not shared by servers, browsers and API tests at once.
          name: 'browser',
          execArgv,
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          sequence: { groupOrder: 1 },
          // A real server and browser on two shared cores: give UI assertions seconds, not vitest's default 1 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
