import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
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

/**
 * API test files that replace a module (vi.mock): a mock takes effect only in a module graph that has not loaded the
 * module's importers yet, so on PostgreSQL these files run isolated, in `api-postgres-mocks`. Found by reading the
 * files, so a new one cannot land in the shared graph by mistake.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const MOCKING_API_FILES = globSync('tests/api/**/*.test.ts', { cwd: root }).filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, file), 'utf8')),
);

/**
 * The API tests run once per database driver: always on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 * On PostgreSQL their files share each worker's modules (`isolate: false`): every file loads the whole server (about
 * 420 modules), and loading it again for each file cost more than most files' tests (CI's files summed 985 s isolated,
 * about 350 s shared). Each file still opens its own database, app and chain.
 *
 * On PGlite every file runs in a process of its own (`isolate: true`). Shared, one process opened and closed the
 * embedded database's WebAssembly for file after file, and V8 aborted a worker in CI on 2026-11-29 ("Check failed:
 * jit_page_->allocations_.erase(addr) == 1" while freeing WebAssembly code, nodejs/node#64500: PGlite instances
 * created and closed in one process). It was first seen after the files began to share processes.
 */
function apiProjects(driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration[] {
  // PGlite has no replicas: the streaming-replica tests are PostgreSQL's alone (not skipped: not collected).
  const notOnDriver = driver === 'pglite' ? ['tests/api/db/read-replicas.test.ts'] : [];
  const project = (name: string, files: { include: string[]; exclude: string[]; isolate: boolean }) => ({
    resolve: { alias },
    test: {
      name,
      maxWorkers,
      execArgv,
      ...files,
      env: { TEST_DB_DRIVER: driver },
      setupFiles,
      globalSetup: [`tests/helpers/${driver}-global-setup.ts`],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
  const all = ['tests/api/**/*.test.ts'];
  if (driver === 'pglite') return [project('api-pglite', { include: all, exclude: notOnDriver, isolate: true })];
  return [
    project(`api-${driver}`, { include: all, exclude: [...notOnDriver, ...MOCKING_API_FILES], isolate: false }),
    project(`api-${driver}-mocks`, { include: MOCKING_API_FILES, exclude: [], isolate: true }),
  ];
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
      ...apiProjects('pglite'),
      ...(process.env.TEST_DATABASE_URL ? apiProjects('postgres') : []),
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
