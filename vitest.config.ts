import { defineConfig } from 'vitest/config';

const shared = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 120_000,
  pool: 'forks',
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
