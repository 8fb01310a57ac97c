import { defineConfig } from 'vitest/config';

const shared = {
  environment: 'node',
  // A bound on a hung test, not a speed target (benches measure speed): browser tests on a loaded
  // 2-CPU CI machine have taken past 30 s.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // expect.poll waits for a state to arrive (a refetch, a bot's reply): 1 s by default, which a
  // loaded CI machine passes. Like the test timeout, a bound on waiting, not a speed target.
  expect: { poll: { timeout: 30_000 } },
  pool: 'forks',
  // A worker runs file after file with the modules it has loaded (the server, the bot, drizzle,
  // discord.js load once per worker, not once per file: most of the suite's time before). Each
  // file still starts its own server, bot and database and closes them in afterAll; what a test
  // changes in shared modules it puts back (spies are restored after each test, see below). The
  // browser files share the worker's one Chromium, each with contexts of its own
  // (test/helpers/browser.ts launchBrowser).
  isolate: false,
  // Two files at once: vitest's default on a 2-CPU machine is one, and most files spend their time
  // waiting on sockets, timers and Chromium rather than computing (bot files: 147 s → 94 s).
  maxWorkers: 2,
  restoreMocks: true,
  unstubEnvs: true,
  unstubGlobals: true,
  // Fails a test whose requests to the fake Discord break Discord's published description.
  setupFiles: ['test/helpers/contract-setup.ts'] as string[],
} as const;

/**
 * Two projects: every test on the embedded SQLite file (`npm start`'s engine), and the API, bot,
 * engine and queue suites again on PostgreSQL (DATABASE_URL), each test file on a fresh database
 * of a throwaway cluster that test/helpers/global-postgres.ts starts. `--project sqlite` or
 * `--project postgres` runs one.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'sqlite',
          include: [
            'src/**/*.test.{ts,tsx}',
            'bot/**/*.test.ts',
            'db/**/*.test.ts',
            'test/**/*.test.{ts,tsx}',
          ],
          globalSetup: [
            'test/helpers/global-setup.ts',
            'test/helpers/global-postgres.ts',
            'test/helpers/contract-report.ts',
          ],
        },
      },
      {
        test: {
          ...shared,
          name: 'postgres',
          include: [
            'test/api/**/*.test.ts',
            'test/bot/**/*.test.ts',
            'test/translation/**/*.test.ts',
            'test/queue/**/*.test.ts',
          ],
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['test/helpers/global-postgres.ts', 'test/helpers/contract-report.ts'],
        },
      },
    ],
  },
});
